import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { FormErrorSummary, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { SenderFields } from "~/components/site/sender-fields";
import { buttonClass } from "~/components/ui/button";
import { INQUIRY_LABELS, INQUIRY_TYPES, type InquiryType } from "~/lib/inquiries";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";
import { isUuid } from "~/lib/uuid";
import { getArtwork } from "~/modules/catalog/catalog.server";
import { ContactSchema, fieldErrors, newSubmissionKey, submitContact } from "~/modules/inbox/inquiries.server";
import { hitRateLimit, RATE_LIMITS } from "~/modules/security/rate-limit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { readFormData } from "~/modules/forms/submission.server";
import { recordRoomInquiry, roomOffer } from "~/modules/rooms/rooms.server";

/** An inquiry from a private viewing room names the room in its subject, whatever the visitor typed there. */
const roomSubject = (subject: string | undefined, artworkTitle: string, roomTitle: string) => {
  const mention = `viewing room “${roomTitle}”`;
  const base = subject ?? `Inquiry about “${artworkTitle}”`;
  return base.includes(mention) ? base : `${base} (${mention})`.slice(0, 300);
};

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(siteFromMatches(matches), "contact", paths.contact());

/** Five messages per ten minutes from one address is plenty for a person and dull for a spammer. */

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
  const form = await readFormData(request);
  const values = Object.fromEntries(
    ["name", "email", "phone", "inquiryType", "subject", "message", "artworkId", "submissionKey", "room"].map((k) => [
      k,
      typeof form.get(k) === "string" ? (form.get(k) as string) : "",
    ]),
  );
  if (form.get("website")) return { sent: true as const }; // The honeypot: a bot filled the hidden field.
  const parsed = ContactSchema.safeParse({
    ...values,
    phone: values.phone || undefined,
    subject: values.subject || undefined,
    artworkId: values.artworkId || undefined,
  });
  if (!parsed.success)
    return data({ sent: false as const, errors: fieldErrors(parsed.error), values }, { status: 400 });
  if (!(await hitRateLimit(`contact:ip:${context.clientIp}`, RATE_LIMITS.contact)).allowed)
    return data(
      {
        sent: false as const,
        errors: { form: "You have sent several messages in a short time. Please wait a few minutes and try again." },
        values,
      },
      { status: 429 },
    );
  const offer = values.room && parsed.data.artworkId ? await roomOffer(values.room, parsed.data.artworkId) : undefined;
  await submitContact(
    offer
      ? {
          ...parsed.data,
          subject: roomSubject(parsed.data.subject, offer.work.artwork.title, offer.room.title),
        }
      : parsed.data,
  );
  if (offer)
    await recordRoomInquiry(values.room, {
      name: parsed.data.name,
      email: parsed.data.email,
      artworkId: parsed.data.artworkId,
    });
  return { sent: true as const };
}

const TYPE_OPTIONS = INQUIRY_TYPES.map((value) => ({ value, label: INQUIRY_LABELS[value] }));

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { artwork, room, inquiryType, submissionKey, studio } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const failed = actionData && !actionData.sent ? actionData : undefined;
  const errors: Record<string, string> = failed?.errors ?? {};
  const values: Record<string, string> = failed?.values ?? {};
  const fieldErrorCount = Object.keys(errors).filter((k) => k !== "form").length;

  return (
    <div className="container-page py-12 md:py-20">
      <div className="grid gap-12 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-20">
        <header className="max-w-md">
          <p className="eyebrow">Contact</p>
          <h1 className="mt-3 text-4xl md:text-5xl">Get in touch</h1>
          <p className="text-muted mt-5 text-lg leading-relaxed">
            Questions about a painting, a commission or an exhibition are always welcome. {studio.artistName} answers
            every message personally.
          </p>
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
        </header>

        {actionData?.sent ? (
          <section
            role="status"
            aria-labelledby="contact-sent"
            className="border-line bg-paper-deep/60 self-start rounded-lg border px-6 py-10 md:px-10"
          >
            <h2 id="contact-sent" className="text-3xl">
              Thank you, your message has been sent.
            </h2>
            <p className="text-muted mt-4 leading-relaxed">
              A confirmation is on its way to your inbox. You will usually hear back within two working days.
            </p>
            <a href={paths.gallery()} className={`${buttonClass("secondary")} mt-8`}>
              Back to the gallery
            </a>
          </section>
        ) : (
          <Form method="post" className="space-y-6" aria-label="Contact form" noValidate>
            <FormErrorSummary count={fieldErrorCount} />
            {errors.form ? (
              <p role="alert" className="text-destructive text-sm">
                {errors.form}
              </p>
            ) : null}
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
            <SenderFields values={values} errors={errors} />
            <div className="grid gap-6 sm:grid-cols-2">
              <SelectField
                label="Inquiry type"
                name="inquiryType"
                options={TYPE_OPTIONS}
                defaultValue={values.inquiryType || inquiryType}
                error={errors.inquiryType}
              />
              <TextField
                label="Phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                optional
                defaultValue={values.phone}
                error={errors.phone}
              />
            </div>
            <TextField
              label="Subject"
              name="subject"
              optional
              defaultValue={values.subject ?? (artwork ? `Inquiry about “${artwork.title}”` : "")}
              error={errors.subject}
            />
            <TextAreaField
              label="Message"
              name="message"
              required
              rows={7}
              defaultValue={values.message}
              error={errors.message}
            />
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className={buttonClass("primary")} disabled={sending}>
                {sending ? "Sending…" : "Send message"}
              </button>
              <p className="text-muted text-sm">Your details are used only to answer you.</p>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
