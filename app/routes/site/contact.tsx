import { Form } from "react-router";
import type { Route } from "./+types/contact";
import { FormErrorSummary, labelOptions, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { SenderFields } from "~/components/site/sender-fields";
import { SentPanel } from "~/components/site/sent-panel";
import { SubmitButton } from "~/components/ui/submit-button";
import { FormError } from "~/components/ui/notice";
import { formState, type ActionResult } from "~/lib/action-result";
import { formText } from "~/lib/form-data";
import { INQUIRY_LABELS, INQUIRY_TYPES, type InquiryType } from "~/lib/inquiries";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";
import { isUuid } from "~/lib/uuid";
import { getArtwork } from "~/modules/catalog/catalog.server";
import {
  ContactSchema,
  isBot,
  newSubmissionKey,
  submitContact,
  type ContactInput,
} from "~/modules/inbox/inquiries.server";
import { hitRateLimit, RATE_LIMITS, retryAfter } from "~/modules/security/rate-limit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { keptThroughOutage, readSubmission, refuse, typedValues } from "~/modules/forms/submission.server";
import { recordRoomInquiry, roomOffer } from "~/modules/rooms/rooms.server";
import { PageHeading } from "~/components/site/page-intro";

/** An inquiry from a private viewing room names the room in its subject, whatever the visitor typed there. */
const roomSubject = (subject: string | undefined, artworkTitle: string, roomTitle: string) => {
  const mention = `viewing room “${roomTitle}”`;
  const base = subject ?? `Inquiry about “${artworkTitle}”`;
  return base.includes(mention) ? base : `${base} (${mention})`.slice(0, 300);
};

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(siteFromMatches(matches), "contact", paths.contact());

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const artworkId = url.searchParams.get("artwork_id");
  // The Inquire buttons link here with the work's id and title; the title shown is the stored one.
  const artwork =
    artworkId && isUuid(artworkId)
      ? await getArtwork(artworkId).then((a) => (a ? { id: a.id, title: a.title } : null))
      : null;
  const inquiryType: InquiryType = artwork
    ? "artwork"
    : INQUIRY_TYPES.includes(type as InquiryType) && type !== "artwork"
      ? (type as InquiryType)
      : "general";
  // From a private viewing room: the room is named in the subject and the inquiry is shown in the room's opens.
  const roomToken = url.searchParams.get("room");
  const offer = roomToken && artwork ? await roomOffer(roomToken, artwork.id) : undefined;
  const settings = await getSettings();
  return {
    artwork,
    room: offer && roomToken ? { token: roomToken, title: offer.room.title } : null,
    inquiryType,
    submissionKey: newSubmissionKey(),
    studio: { email: settings.contactEmail, location: settings.locationLine, artistName: settings.artistName },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, ContactSchema);
  if (isBot(submission.form)) return { ok: true } satisfies ActionResult;
  if (!submission.ok) return refuse(submission.failure);
  return keptThroughOutage(
    submission.form,
    "Your message could not be sent just now. Please send it again in a minute: what you wrote is kept.",
    () => sendMessage(submission.form, submission.value, context.clientIp),
  );
}

async function sendMessage(form: FormData, message: ContactInput, clientIp: string) {
  const limited = await hitRateLimit(`contact:ip:${clientIp}`, RATE_LIMITS.contact);
  if (!limited.allowed)
    return refuse(
      {
        ok: false,
        error: "You have sent several messages in a short time. Please wait a few minutes and try again.",
        values: typedValues(form),
      },
      429,
      retryAfter(limited),
    );
  const room = formText(form, "room");
  const offer = room && message.artworkId ? await roomOffer(room, message.artworkId) : undefined;
  await submitContact(
    offer ? { ...message, subject: roomSubject(message.subject, offer.work.artwork.title, offer.room.title) } : message,
  );
  if (offer) await recordRoomInquiry(room, { name: message.name, email: message.email, artworkId: message.artworkId });
  return { ok: true } satisfies ActionResult;
}

const TYPE_OPTIONS = labelOptions(INQUIRY_LABELS);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { artwork, room, inquiryType, submissionKey, studio } = loaderData;
  const { error, fieldErrors: errors, values, field } = formState(actionData);

  return (
    <div className="container-page py-12 md:py-20">
      <div className="grid gap-12 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-20">
        <PageHeading
          eyebrow="Contact"
          title="Get in touch"
          className="max-w-md"
          lead={`Questions about a painting, a commission or an exhibition are always welcome. ${studio.artistName} answers every message personally.`}
        >
          <dl className="border-line mt-10 space-y-5 border-t pt-8 text-sm">
            <div>
              <dt className="eyebrow">E-mail</dt>
              <dd className="mt-1.5">
                <a className="underline-offset-4 hover:underline" href={`mailto:${studio.email}`}>
                  {studio.email}
                </a>
              </dd>
            </div>
            {studio.location ? (
              <div>
                <dt className="eyebrow">Studio</dt>
                <dd className="mt-1.5">{studio.location}</dd>
              </div>
            ) : null}
            <div>
              <dt className="eyebrow">Commissions</dt>
              <dd className="mt-1.5">
                For a commissioned painting, the{" "}
                <a className="underline underline-offset-4" href={paths.commissions()}>
                  commission request
                </a>{" "}
                asks the right questions.
              </dd>
            </div>
          </dl>
        </PageHeading>

        {actionData?.ok ? (
          <SentPanel
            id="contact-sent"
            title="Thank you, your message has been sent."
            text="A confirmation is on its way to your inbox. You will usually hear back within two working days."
            link={{ href: paths.gallery(), label: "Back to the gallery" }}
          />
        ) : (
          <Form method="post" className="space-y-6" aria-label="Contact form" noValidate>
            <FormErrorSummary errors={errors} />
            <FormError message={error} />
            <input type="hidden" name="submissionKey" value={values.submissionKey || submissionKey} />
            {artwork ? (
              <div className="border-line bg-paper-deep/60 rounded-md border px-4 py-3 text-sm">
                <input type="hidden" name="artworkId" value={artwork.id} />
                {room ? <input type="hidden" name="room" value={room.token} /> : null}
                <span className="text-muted">Inquiring about </span>
                <a className="font-medium underline-offset-4 hover:underline" href={paths.artwork(artwork.id)}>
                  {artwork.title}
                </a>
                {room ? <span className="text-muted"> in the viewing room “{room.title}”</span> : null}
              </div>
            ) : null}
            <SenderFields field={field} />
            <div className="grid gap-6 sm:grid-cols-2">
              <SelectField
                label="Inquiry type"
                name="inquiryType"
                options={TYPE_OPTIONS}
                defaultValue={values.inquiryType || inquiryType}
                error={errors.inquiryType}
              />
              <TextField label="Phone" {...field("phone")} type="tel" autoComplete="tel" optional />
            </div>
            <TextField
              label="Subject"
              {...field("subject", artwork ? `Inquiry about “${artwork.title}”` : "")}
              optional
            />
            <TextAreaField label="Message" {...field("message")} required rows={7} />
            <div className="flex flex-wrap items-center gap-4">
              <SubmitButton busyLabel="Sending…">Send message</SubmitButton>
              <p className="text-muted text-sm">Your details are used only to answer you.</p>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
