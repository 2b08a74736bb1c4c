import { data, Form } from "react-router";
import type { Route } from "./+types/commissions";
import { Field, FormErrorSummary, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { SenderFields } from "~/components/site/sender-fields";
import { SentPanel } from "~/components/site/sent-panel";
import { FormError } from "~/components/ui/notice";
import { formState, type ActionResult, type ActionFailure } from "~/lib/action-result";
import { SubmitButton } from "~/components/ui/submit-button";
import { BUDGETS, REFERENCE_IMAGES, type BudgetKey } from "~/lib/inquiries";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";
import { checkReferenceFiles, prepareReferenceImages } from "~/modules/inbox/commission-media.server";
import { CommissionSchema, isBot, newSubmissionKey, submitCommission } from "~/modules/inbox/inquiries.server";
import { isStoreUnavailable, STORE_UNAVAILABLE } from "~/modules/media/media.server";
import { hitRateLimit, RATE_LIMITS, retryAfter } from "~/modules/security/rate-limit.server";
import { getSettings } from "~/modules/settings/settings.server";
import {
  FIELDS_NEED_ATTENTION,
  keptThroughOutage,
  parseSubmission,
  readFormData,
  refuse,
  typedValues,
  UPLOAD_PACE,
} from "~/modules/forms/submission.server";
import { carriesFiles, withUploadSlot } from "~/modules/security/upload-gate.server";
import { PageHeading } from "~/components/site/page-intro";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageSeo(siteFromMatches(matches), "commissions", paths.commissions());

export async function loader() {
  const settings = await getSettings();
  return { submissionKey: newSubmissionKey(), artistName: settings.artistName };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A body with pictures is held in memory while it is read: capped at a few at once and budgeted per address
  // before any of it is read (modules/security/upload-gate.server.ts). The slot first: a sender asked to wait
  // has not used their budget.
  if (carriesFiles(request)) {
    // The slot is held until the request is handled: its pictures stay in memory until then.
    const handled = await withUploadSlot(context.clientIp, async () => {
      const limited = await hitRateLimit(`upload:ip:${context.clientIp}`, RATE_LIMITS.publicUpload);
      if (!limited.allowed) return refuse(TOO_MANY_REQUESTS, 429, retryAfter(limited));
      return sendRequest(await readFormData(request, UPLOAD_PACE), context.clientIp);
    });
    if (handled.busy)
      return data<ActionFailure>(
        { ok: false, error: "Many pictures are arriving right now. Please send again in a minute." },
        { status: 503, headers: { "retry-after": "30" } },
      );
    return handled.value;
  }
  return sendRequest(await readFormData(request), context.clientIp);
}

/** The request handled; with the database out of reach, the sender is asked to send it again, what they wrote kept. */
const sendRequest = (form: FormData, clientIp: string) =>
  keptThroughOutage(
    form,
    "Your request could not be sent just now. Please send it again in a minute: what you wrote is kept (attach any photos again).",
    () => handleRequest(form, clientIp),
  );

const TOO_MANY_REQUESTS = "You have sent several requests in a short time. Please wait a few minutes and try again.";

async function handleRequest(form: FormData, clientIp: string) {
  if (isBot(form)) return { ok: true } satisfies ActionResult;
  // An empty file input still sends one nameless, empty part.
  const files = await Promise.all(
    form
      .getAll("references")
      .filter((f): f is File => f instanceof File && f.size > 0)
      .map(async (f) => ({ name: f.name, bytes: Buffer.from(await f.arrayBuffer()) })),
  );
  const submission = parseSubmission(form, CommissionSchema);
  // The cheap checks (count, size, the bytes' type) with the other fields; decoding waits for the rate limit.
  const fileError = checkReferenceFiles(files);
  const values = typedValues(form);
  if (!submission.ok || fileError)
    return refuse({
      ok: false,
      error: FIELDS_NEED_ATTENTION,
      fieldErrors: {
        ...(submission.ok ? {} : submission.failure.fieldErrors),
        ...(fileError ? { references: fileError } : {}),
      },
      values,
    });
  const limited = await hitRateLimit(`commission:ip:${clientIp}`, RATE_LIMITS.commission);
  if (!limited.allowed) return refuse({ ok: false, error: TOO_MANY_REQUESTS, values }, 429, retryAfter(limited));
  try {
    const images = await prepareReferenceImages(files);
    if (!images.ok)
      return refuse({ ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors: { references: images.error }, values });
    await submitCommission(submission.value, images.images);
  } catch (error) {
    // The image store out of reach, or an original found stored then swept before it was recorded (registerImage):
    // nothing was saved, and the request sent again works (docs/operations.md "The storage sweeper").
    if (!isStoreUnavailable(error, "commission request")) throw error;
    return refuse({ ok: false, error: STORE_UNAVAILABLE, values }, 503);
  }
  return { ok: true } satisfies ActionResult;
}

const STEPS = [
  {
    title: "Conversation",
    text: "Tell the artist about the space, the light and the feeling you would like the painting to hold.",
  },
  {
    title: "Proposal",
    text: "You receive a written proposal with size, palette, a first sketch, the price and the timeline.",
  },
  {
    title: "Creation",
    text: "The painting is made in the studio over several weeks, with photographs at the key stages.",
  },
  {
    title: "Delivery",
    text: "The finished work is signed, documented with a certificate, and shipped insured or delivered.",
  },
];

const fileControl =
  "file:bg-paper-deep file:text-ink cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:px-3 file:py-1.5 file:text-sm";

const BUDGET_OPTIONS = [
  { value: "", label: "Choose a range" },
  ...(Object.keys(BUDGETS) as BudgetKey[]).map((value) => ({ value, label: BUDGETS[value].label })),
];

export default function Commissions({ loaderData, actionData }: Route.ComponentProps) {
  const { error, fieldErrors: errors, values, field } = formState(actionData);

  return (
    <div className="container-page py-12 md:py-20">
      <PageHeading
        eyebrow="Commissions"
        title="Commission a painting"
        lead="A small number of commissioned paintings are made each year, in close conversation with the collector."
      />

      <ol className="border-line mt-14 grid gap-8 border-t pt-10 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, i) => (
          <li key={step.title}>
            <p className="text-muted font-serif text-sm">{String(i + 1).padStart(2, "0")}</p>
            <h2 className="mt-2 text-2xl">{step.title}</h2>
            <p className="text-muted mt-3 text-sm leading-relaxed">{step.text}</p>
          </li>
        ))}
      </ol>

      <div className="mt-16 grid gap-12 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-20">
        <div className="max-w-md">
          <h2 className="text-3xl">Request a commission</h2>
          <p className="text-muted mt-4 leading-relaxed">
            Share what you have in mind; nothing is decided until you accept a proposal. {loaderData.artistName} answers
            every request personally, usually within a week.
          </p>
        </div>

        {actionData?.ok ? (
          <SentPanel
            id="commission-sent"
            title="Thank you, your request has been sent."
            text="A confirmation is on its way to your inbox. The conversation starts with a personal answer."
            link={{ href: paths.gallery(), label: "Explore the gallery" }}
          />
        ) : (
          <Form
            method="post"
            encType="multipart/form-data"
            className="space-y-6"
            aria-label="Commission request"
            noValidate
          >
            <FormErrorSummary errors={errors} />
            <FormError message={error} />
            <input type="hidden" name="submissionKey" value={values.submissionKey || loaderData.submissionKey} />
            <SenderFields field={field} />
            <TextAreaField
              label="The painting you have in mind"
              {...field("description")}
              required
              rows={6}
              hint="Subject, colours, mood, the room it will hang in."
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField label="Medium" {...field("medium")} optional placeholder="Oil on canvas, acrylic, …" />
              <TextField label="Size" {...field("size")} optional placeholder={'About 40 × 30"'} />
            </div>
            <div className="grid gap-6 sm:grid-cols-2">
              <SelectField label="Budget" {...field("budget", "")} required options={BUDGET_OPTIONS} />
              <TextField label="Timeline" {...field("timeline")} optional placeholder="By next spring" />
            </div>
            <TextField label="Phone" {...field("phone")} type="tel" autoComplete="tel" optional />
            <Field
              label="Reference images"
              optional
              hint={`Up to ${REFERENCE_IMAGES.max} images (${REFERENCE_IMAGES.formats}, ${REFERENCE_IMAGES.maxBytes / 1024 / 1024} MB each): the room, a palette, a work you love.`}
              error={errors.references}
            >
              {(control) => (
                <input
                  {...control}
                  className={`${control.className} ${fileControl}`}
                  name="references"
                  type="file"
                  multiple
                  accept={REFERENCE_IMAGES.accept}
                />
              )}
            </Field>
            <SubmitButton busyLabel="Sending…">Send request</SubmitButton>
          </Form>
        )}
      </div>
    </div>
  );
}
