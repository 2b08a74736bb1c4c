// One commission (/admin/commissions/:id): the request, the stage, the quote (price, deposit %, due date,
// terms), the deposit and balance (marked paid, each with its invoice), the artist's notes and the history of
// every change, the reference images the client sent, the work-in-progress photos (add with a caption, remove),
// and the client's private link (copy it, or e-mail it through the outbox).
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/commission";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, BackLink } from "~/components/admin/admin-page";
import { DeleteIconButton } from "~/components/admin/delete-icon-button";
import { HistoryEntry } from "~/components/admin/history-entry";
import { Thumb } from "~/components/admin/thumb";
import { Button, buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { Field, labelOptions, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { FileField } from "~/components/ui/file-field";
import { formState, type ActionResult } from "~/lib/action-result";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { COMMISSION_STAGES, mayInvoiceCommission, STAGE_LABELS, type CommissionStage } from "~/lib/inquiries";
import { variantUrl } from "~/lib/media";
import { formatPrice } from "~/lib/money";
import { displayName, requireAdmin } from "~/modules/auth/session.server";
import {
  addNote,
  clientUrl,
  getCommissionDetail,
  markCommissionPaid,
  NoteSchema,
  QuoteSchema,
  saveQuote,
  sendClientLink,
  setCommissionStage,
} from "~/modules/inbox/commission-pipeline.server";
import {
  addProgressPhoto,
  listCommissionImages,
  ProgressPhotoSchema,
  removeProgressPhoto,
} from "~/modules/inbox/commission-media.server";
import { isStoreUnavailable, MAX_UPLOAD_BYTES, MediaError, STORE_UNAVAILABLE } from "~/modules/media/media.server";
import { NOT_UNDERSTOOD, parseSubmission, readFormData, refuse } from "~/modules/forms/submission.server";
import { studioTimeZone } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Commission: ${loaderData.commission.name}` : "Commission");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const detail = await getCommissionDetail(params.id);
  if (!detail) throw data({ message: "This commission does not exist." }, { status: 404 });
  const [images, tz] = await Promise.all([listCommissionImages(detail.id), studioTimeZone()]);
  const view = (i: (typeof images.references)[number]) => ({
    id: i.id,
    image: i.image,
    caption: i.caption,
    name: i.originalName,
    createdAt: formatShortDateTime(i.createdAt, tz),
    // The full image: the largest variant the pipeline makes.
    full: variantUrl(i.image.hash, i.image.widths.at(-1) ?? i.image.width, "webp"),
  });
  return {
    references: images.references.map(view),
    progress: images.progress.map(view),
    commission: {
      ...detail,
      createdAt: formatShortDateTime(detail.createdAt, tz),
      budget: typeof detail.details.budget === "string" ? detail.details.budget : null,
      price: detail.quoteCents ? (detail.quoteCents / 100).toFixed(2) : "",
    },
    events: detail.events.map((e) => ({ ...e, createdAt: formatShortDateTime(e.createdAt, tz) })),
    payments: detail.payments && {
      ...detail.payments,
      depositText: formatPrice(detail.payments.depositCents),
      balanceText: formatPrice(detail.payments.balanceCents),
    },
    clientUrl: clientUrl(detail.id),
  };
}

const Intent = z.enum([
  "stage",
  "quote",
  "note",
  "paid-deposit",
  "paid-balance",
  "send-link",
  "photo-add",
  "photo-remove",
]);

const StageForm = z.object({ stage: z.enum(COMMISSION_STAGES) });
/** A progress photo: the file (checked here, its image by the media pipeline) and its caption. */
const PhotoForm = ProgressPhotoSchema.extend({
  photo: z
    .instanceof(File, { message: "Choose a photo." })
    .refine((file) => file.size > 0, "Choose a photo.")
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`),
});

const PhotoRemoveForm = z.object({ photoId: z.uuid() });

export async function action({ request, params }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  const context = await requireAdmin(request);
  const actor = { name: displayName(context) };
  const form = await readFormData(request);
  const intent = parseSubmission(form, z.object({ intent: Intent }));
  if (!intent.ok) return refuse(NOT_UNDERSTOOD);
  const id = params.id;
  if (!(await getCommissionDetail(id))) return refuse("This commission no longer exists.", 404);
  switch (intent.value.intent) {
    case "stage": {
      const stage = parseSubmission(form, StageForm);
      if (!stage.ok) return refuse("Choose a stage.");
      await setCommissionStage(id, stage.value.stage, actor);
      return { ok: true, message: `Moved to ${STAGE_LABELS[stage.value.stage]}.` };
    }
    case "quote": {
      const quote = parseSubmission(form, QuoteSchema);
      if (!quote.ok) return refuse(quote.failure);
      await saveQuote(id, quote.value, actor);
      return { ok: true, message: "Quote saved. The client's page shows it." };
    }
    case "note": {
      const note = parseSubmission(form, NoteSchema, { error: "Write the note first." });
      if (!note.ok) return refuse(note.failure);
      await addNote(id, note.value.note, actor);
      return { ok: true, message: "Note added." };
    }
    case "paid-deposit":
    case "paid-balance": {
      const part = intent.value.intent === "paid-deposit" ? "deposit" : "balance";
      const paid = await markCommissionPaid(id, part, actor);
      if (!paid.ok) return refuse(paid, 409);
      return { ok: true, message: `The ${part} is marked paid (invoice ${paid.number}).` };
    }
    case "photo-add": {
      const photo = parseSubmission(form, PhotoForm, { error: "The photo was not added." });
      if (!photo.ok) return refuse(photo.failure);
      const { photo: file, caption } = photo.value;
      try {
        await addProgressPhoto(id, { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) }, caption, actor);
      } catch (error) {
        if (isStoreUnavailable(error, "progress photo"))
          return refuse({ ok: false, error: STORE_UNAVAILABLE, values: { caption } }, 503);
        if (!(error instanceof MediaError)) throw error;
        return refuse({ ok: false, error: error.message, fieldErrors: { photo: error.message }, values: { caption } });
      }
      return { ok: true, message: "Photo added. The client's page shows it." };
    }
    case "photo-remove": {
      const photo = parseSubmission(form, PhotoRemoveForm);
      if (!photo.ok || !(await removeProgressPhoto(id, photo.value.photoId, actor)))
        return refuse("That photo is no longer there.", 404);
      return { ok: true, message: "Photo removed." };
    }
    case "send-link": {
      const to = await sendClientLink(id);
      return { ok: true, message: `The link is on its way to ${to}.` };
    }
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not update the commission");
}

export default function CommissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { commission: c, events, payments } = loaderData;
  const navigation = useNavigation();
  const { fieldErrors: errors, field } = formState(actionData);
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const facts: [string, string | null][] = [
    ["E-mail", c.email],
    ["Phone", c.phone],
    ["Budget", c.budget],
    ["Medium", c.medium],
    ["Size", c.size],
    ["Timeline", c.timeline],
    ["Requested", c.createdAt],
  ];
  return (
    <>
      <BackLink to={adminPaths.commissions()}>All commissions</BackLink>
      <AdminPageHeader title={c.name} description={`${STAGE_LABELS[c.stage]} · requested ${c.createdAt}`} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="space-y-6">
          <Panel title="The request">
            <p className="mt-3 text-sm leading-relaxed whitespace-pre-wrap">{c.description}</p>
            <dl className="text-ink-soft mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd>{value || "—"}</dd>
                </div>
              ))}
            </dl>
            {loaderData.references.length ? (
              <>
                <h3 className="text-ink-soft mt-5 text-sm font-medium">Reference images</h3>
                <ul aria-label="Reference images" className="mt-2 flex flex-wrap gap-2">
                  {loaderData.references.map((r, i) => (
                    <li key={r.id}>
                      <a
                        href={r.full}
                        target="_blank"
                        rel="noreferrer"
                        className="border-line hover:border-ink/40 block overflow-hidden rounded border"
                        aria-label={`Reference image ${i + 1}${r.name ? ` (${r.name})` : ""}, full size`}
                      >
                        <Thumb image={r.image} size={96} />
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Panel>

          <Panel title="Work in progress" description="Photos the client sees on their page, newest first.">
            <Form
              key={loaderData.progress.length}
              method="post"
              encType="multipart/form-data"
              noValidate
              className="mt-4 grid gap-4 sm:grid-cols-2"
            >
              <input type="hidden" name="intent" value="photo-add" />
              <FileField label="Photo" error={errors.photo} name="photo" accept="image/*" />
              <TextField label="Caption" optional {...field("caption", "")} maxLength={300} />
              <div className="flex justify-end sm:col-span-2">
                <Button type="submit" size="sm" disabled={!!busy} busy={busy === "photo-add"} busyLabel="Uploading…">
                  Add photo
                </Button>
              </div>
            </Form>
            {loaderData.progress.length ? (
              <ul aria-label="Progress photos" className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3">
                {loaderData.progress.map((p) => (
                  <li key={p.id} className="space-y-1.5">
                    <a
                      href={p.full}
                      target="_blank"
                      rel="noreferrer"
                      className="border-line hover:border-ink/40 block overflow-hidden rounded border"
                      aria-label={`${p.caption || "Photo"}, full size`}
                    >
                      <img
                        src={variantUrl(p.image.hash, p.image.widths.find((w) => w >= 320) ?? p.image.width, "webp")}
                        alt=""
                        width={p.image.width}
                        height={p.image.height}
                        loading="lazy"
                        className="aspect-[4/3] w-full object-cover"
                        style={{ backgroundImage: `url(${p.image.placeholder})`, backgroundSize: "cover" }}
                      />
                    </a>
                    <div className="flex items-start justify-between gap-2 text-xs">
                      <p>
                        {p.caption || <span className="text-muted">No caption</span>}
                        <span className="text-muted block">{p.createdAt}</span>
                      </p>
                      <Form method="post">
                        <input type="hidden" name="photoId" value={p.id} />
                        <DeleteIconButton
                          type="submit"
                          name="intent"
                          value="photo-remove"
                          label={`Remove photo${p.caption ? ` “${p.caption}”` : ` of ${p.createdAt}`}`}
                          disabled={!!busy}
                        />
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted mt-4 text-sm">No photos yet.</p>
            )}
          </Panel>

          <Panel title="Quote">
            <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
              <input type="hidden" name="intent" value="quote" />
              <TextField label="Price (USD)" {...field("price", c.price)} inputMode="decimal" />
              <TextField
                label="Deposit (%)"
                {...field("depositPercent", c.depositPercent === null ? "50" : String(c.depositPercent))}
                inputMode="numeric"
              />
              <TextField label="Ready by" {...field("dueDate", c.dueDate ?? "")} type="date" />
              <TextAreaField
                label="Terms"
                {...field("terms", c.quoteTerms)}
                rows={3}
                maxLength={4000}
                className="sm:col-span-3"
              />
              <div className="flex justify-end sm:col-span-3">
                <Button type="submit" size="sm" disabled={!!busy} busy={busy === "quote"} busyLabel="Saving…">
                  Save the quote
                </Button>
              </div>
            </Form>
          </Panel>

          <Panel title="Notes and history">
            <Form method="post" className="mt-4 space-y-2">
              <input type="hidden" name="intent" value="note" />
              <TextAreaField
                label="New note"
                name="note"
                rows={3}
                maxLength={4000}
                error={errors.note}
                hint="Only you see notes; the client's page never shows them."
              />
              <div className="flex justify-end">
                <Button type="submit" variant="secondary" size="sm" disabled={!!busy}>
                  Add note
                </Button>
              </div>
            </Form>
            {events.length === 0 ? (
              <p className="text-muted mt-4 text-sm">Nothing has happened yet.</p>
            ) : (
              <ol className="mt-4 space-y-3 text-sm" aria-label="History">
                {events.map((e) => (
                  <HistoryEntry key={e.id} by={e.actorName} at={e.createdAt}>
                    {e.kind === "stage"
                      ? `Moved from ${STAGE_LABELS[e.fromValue as CommissionStage] ?? e.fromValue} to ${STAGE_LABELS[e.toValue as CommissionStage] ?? e.toValue}`
                      : e.kind === "quote"
                        ? `Quote: ${e.toValue}. ${e.note}`
                        : e.kind === "payment"
                          ? `${e.note}: ${e.toValue}`
                          : e.kind === "photo"
                            ? `Photo ${e.toValue}: ${e.note}`
                            : e.note}
                  </HistoryEntry>
                ))}
              </ol>
            )}
          </Panel>
        </div>

        <aside className="space-y-6 self-start">
          <Panel title="Stage">
            <Form method="post" className="mt-3 flex items-end gap-2">
              <input type="hidden" name="intent" value="stage" />
              <SelectField
                label="Stage"
                name="stage"
                defaultValue={c.stage}
                options={labelOptions(STAGE_LABELS)}
                className="flex-1"
              />
              <Button type="submit" variant="secondary" size="sm" disabled={!!busy}>
                Move
              </Button>
            </Form>
          </Panel>

          <Panel title="Payments">
            {payments ? (
              <ul className="mt-3 space-y-3 text-sm">
                {(
                  [
                    ["deposit", "Deposit", payments.depositText, payments.deposit],
                    ["balance", "Balance", payments.balanceText, payments.balance],
                  ] as const
                ).map(([part, label, amount, bill]) => (
                  <li key={part} className="flex items-center justify-between gap-3">
                    <span>
                      {label} <span className="tabular-nums">{amount}</span>
                      <span className="text-muted block text-xs">
                        {bill?.paid ? `Paid · invoice ${bill.number}` : bill ? `Invoice ${bill.number}` : "Not paid"}
                      </span>
                    </span>
                    {bill?.paid || !mayInvoiceCommission(c.stage) ? null : (
                      <Form method="post">
                        <Button
                          type="submit"
                          name="intent"
                          value={`paid-${part}`}
                          variant="secondary"
                          size="sm"
                          disabled={!!busy}
                        >
                          Mark {label.toLowerCase()} paid
                        </Button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted mt-3 text-sm">Save a quote first: it says what the deposit and balance are.</p>
            )}
            {payments && !mayInvoiceCommission(c.stage) ? (
              <p className="text-muted mt-3 text-sm">
                Declined: nothing is invoiced or asked of the client. Move it to another stage to take a payment.
              </p>
            ) : null}
            {mayInvoiceCommission(c.stage) ? (
              <Link
                to={adminPaths.invoices(new URLSearchParams({ commission: c.id }))}
                className={buttonClass("secondary", "sm", "mt-3")}
              >
                Create invoice
              </Link>
            ) : null}
          </Panel>

          <Panel title="Client’s page">
            <p className="text-muted mt-2 text-sm">
              A private page where {c.name} sees the stage, the quote and the payments. Anyone with the link can open
              it.
            </p>
            <Field label="Client link" className="mt-3">
              {(control) => (
                <input {...control} readOnly value={loaderData.clientUrl} onFocus={(e) => e.currentTarget.select()} />
              )}
            </Field>
            <div className="mt-3 flex flex-wrap gap-2">
              <a
                href={loaderData.clientUrl}
                target="_blank"
                rel="noreferrer"
                className={buttonClass("secondary", "sm")}
              >
                Open
              </a>
              <Form method="post">
                <Button type="submit" name="intent" value="send-link" size="sm" disabled={!!busy}>
                  Send link to client
                </Button>
              </Form>
            </div>
          </Panel>
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
