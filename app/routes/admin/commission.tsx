// One commission (/admin/commissions/:id): the request, the stage, the quote (price, deposit %, due date,
// terms), the deposit and balance (marked paid, each with its invoice), the artist's notes and the history of
// every change, the reference images the client sent, the work-in-progress photos (add with a caption, remove),
// and the client's private link (copy it, or e-mail it through the outbox).
import { ArrowLeft, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/commission";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { Field, TextField } from "~/components/admin/field";
import { Thumb } from "~/components/admin/thumb";
import { adminButton, adminCard, adminInput, adminTextarea } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/admin-format";
import { adminPaths } from "~/lib/admin-paths";
import { COMMISSION_STAGES, STAGE_LABELS, type CommissionStage } from "~/lib/inquiries";
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
import { MAX_UPLOAD_BYTES, MediaError } from "~/modules/media/media.server";
import { fieldErrorsOf, readFormData } from "~/modules/security/form-data.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Commission: ${loaderData.commission.name}` : "Commission");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const detail = await getCommissionDetail(params.id);
  if (!detail) throw data({ message: "This commission does not exist." }, { status: 404 });
  const images = await listCommissionImages(detail.id);
  const view = (i: (typeof images.references)[number]) => ({
    id: i.id,
    image: i.image,
    caption: i.caption,
    name: i.originalName,
    createdAt: formatDateTime(i.createdAt),
    // The full image: the largest variant the pipeline makes.
    full: variantUrl(i.image.hash, i.image.widths.at(-1) ?? i.image.width, "webp"),
  });
  return {
    references: images.references.map(view),
    progress: images.progress.map(view),
    commission: {
      ...detail,
      createdAt: formatDateTime(detail.createdAt),
      budget: typeof detail.details.budget === "string" ? detail.details.budget : null,
      price: detail.quoteCents ? (detail.quoteCents / 100).toFixed(2) : "",
    },
    events: detail.events.map((e) => ({ ...e, createdAt: formatDateTime(e.createdAt) })),
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

type Result =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const context = await requireAdmin(request);
  const actor = { name: displayName(context) };
  const formData = await readFormData(request);
  const form = Object.fromEntries(formData);
  const text = (k: string) => (typeof form[k] === "string" ? form[k] : "");
  const intent = Intent.safeParse(form.intent);
  if (!intent.success) return data<Result>({ ok: false, error: "That request was not understood." }, { status: 400 });
  const id = params.id;
  if (!(await getCommissionDetail(id)))
    return data<Result>({ ok: false, error: "This commission no longer exists." }, { status: 404 });
  switch (intent.data) {
    case "stage": {
      const stage = z.enum(COMMISSION_STAGES).safeParse(form.stage);
      if (!stage.success) return data<Result>({ ok: false, error: "Choose a stage." }, { status: 400 });
      await setCommissionStage(id, stage.data, actor);
      return data<Result>({ ok: true, message: `Moved to ${STAGE_LABELS[stage.data]}.` });
    }
    case "quote": {
      const values = {
        price: text("price"),
        depositPercent: text("depositPercent"),
        dueDate: text("dueDate"),
        terms: text("terms"),
      };
      const quote = QuoteSchema.safeParse(values);
      if (!quote.success)
        return data<Result>(
          { ok: false, error: "Some fields need attention.", fieldErrors: fieldErrorsOf(quote.error), values },
          { status: 400 },
        );
      await saveQuote(id, quote.data, actor);
      return data<Result>({ ok: true, message: "Quote saved. The client's page shows it." });
    }
    case "note": {
      const note = NoteSchema.safeParse({ note: text("note") });
      if (!note.success)
        return data<Result>(
          { ok: false, error: "Write the note first.", fieldErrors: fieldErrorsOf(note.error) },
          { status: 400 },
        );
      await addNote(id, note.data.note, actor);
      return data<Result>({ ok: true, message: "Note added." });
    }
    case "paid-deposit":
    case "paid-balance": {
      const part = intent.data === "paid-deposit" ? "deposit" : "balance";
      const paid = await markCommissionPaid(id, part, actor);
      if (!paid.ok) return data<Result>({ ok: false, error: paid.error }, { status: 400 });
      return data<Result>({ ok: true, message: `The ${part} is marked paid (invoice ${paid.number}).` });
    }
    case "photo-add": {
      const caption = ProgressPhotoSchema.safeParse({ caption: text("caption") });
      const file = formData.get("photo");
      const fieldErrors: Record<string, string> = caption.success ? {} : fieldErrorsOf(caption.error);
      if (!(file instanceof File) || file.size === 0) fieldErrors.photo = "Choose a photo.";
      else if (file.size > MAX_UPLOAD_BYTES)
        fieldErrors.photo = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
      if (!caption.success || !(file instanceof File) || Object.keys(fieldErrors).length)
        return data<Result>(
          { ok: false, error: "The photo was not added.", fieldErrors, values: { caption: text("caption") } },
          { status: 400 },
        );
      try {
        await addProgressPhoto(
          id,
          { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) },
          caption.data.caption,
          actor,
        );
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        return data<Result>(
          {
            ok: false,
            error: error.message,
            fieldErrors: { photo: error.message },
            values: { caption: text("caption") },
          },
          { status: 400 },
        );
      }
      return data<Result>({ ok: true, message: "Photo added. The client's page shows it." });
    }
    case "photo-remove": {
      const removed = await removeProgressPhoto(id, text("photoId"), actor);
      if (!removed) return data<Result>({ ok: false, error: "That photo is no longer there." }, { status: 404 });
      return data<Result>({ ok: true, message: "Photo removed." });
    }
    case "send-link": {
      const to = await sendClientLink(id);
      return data<Result>({ ok: true, message: `The link is on its way to ${to}.` });
    }
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not update the commission");
}

export default function CommissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { commission: c, events, payments } = loaderData;
  const navigation = useNavigation();
  const refused = actionData && !actionData.ok && "fieldErrors" in actionData ? actionData : undefined;
  const errors = refused?.fieldErrors ?? {};
  const values = refused?.values ?? {};
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
      <Link
        to={adminPaths.commissions()}
        className="text-ink-soft hover:text-ink mb-3 inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft aria-hidden className="size-4" /> Commission Pipeline
      </Link>
      <AdminPageHeader title={c.name} description={`${STAGE_LABELS[c.stage]} · requested ${c.createdAt}`} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="space-y-6">
          <section aria-labelledby="request-heading" className={`${adminCard} p-5`}>
            <h2 id="request-heading" className="font-serif text-xl">
              The request
            </h2>
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
          </section>

          <section aria-labelledby="progress-heading" className={`${adminCard} p-5`}>
            <h2 id="progress-heading" className="font-serif text-xl">
              Work in progress
            </h2>
            <p className="text-muted mt-1 text-sm">Photos the client sees on their page, newest first.</p>
            <Form
              key={loaderData.progress.length}
              method="post"
              encType="multipart/form-data"
              noValidate
              className="mt-4 grid gap-4 sm:grid-cols-2"
            >
              <input type="hidden" name="intent" value="photo-add" />
              <Field label="Photo" error={errors.photo}>
                {(props) => (
                  <input
                    {...props}
                    type="file"
                    name="photo"
                    accept="image/*"
                    className={`${adminInput} file:bg-paper-deep h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:px-3 file:py-1 file:text-sm`}
                  />
                )}
              </Field>
              <TextField
                label="Caption (optional)"
                name="caption"
                maxLength={300}
                defaultValue={values.caption ?? ""}
                error={errors.caption}
              />
              <div className="flex justify-end sm:col-span-2">
                <button type="submit" className={adminButton.primary} disabled={!!busy}>
                  {busy === "photo-add" ? "Uploading…" : "Add photo"}
                </button>
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
                        <button
                          type="submit"
                          name="intent"
                          value="photo-remove"
                          className={adminButton.icon}
                          aria-label={`Remove photo${p.caption ? ` “${p.caption}”` : ` of ${p.createdAt}`}`}
                          disabled={!!busy}
                        >
                          <Trash2 aria-hidden className="size-4" />
                        </button>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted mt-4 text-sm">No photos yet.</p>
            )}
          </section>

          <section aria-labelledby="quote-heading" className={`${adminCard} p-5`}>
            <h2 id="quote-heading" className="font-serif text-xl">
              Quote
            </h2>
            <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
              <input type="hidden" name="intent" value="quote" />
              <TextField
                label="Price (USD)"
                name="price"
                inputMode="decimal"
                defaultValue={values.price ?? c.price}
                error={errors.price}
              />
              <TextField
                label="Deposit (%)"
                name="depositPercent"
                inputMode="numeric"
                defaultValue={values.depositPercent ?? (c.depositPercent === null ? "50" : String(c.depositPercent))}
                error={errors.depositPercent}
              />
              <TextField
                label="Ready by"
                name="dueDate"
                type="date"
                defaultValue={values.dueDate ?? c.dueDate ?? ""}
                error={errors.dueDate}
              />
              <Field label="Terms" error={errors.terms} className="sm:col-span-3">
                {(props) => (
                  <textarea
                    {...props}
                    name="terms"
                    rows={3}
                    maxLength={4000}
                    defaultValue={values.terms ?? c.quoteTerms}
                    className={adminTextarea}
                  />
                )}
              </Field>
              <div className="sm:col-span-3 flex justify-end">
                <button type="submit" className={adminButton.primary} disabled={!!busy}>
                  {busy === "quote" ? "Saving…" : "Save the quote"}
                </button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="history-heading" className={`${adminCard} p-5`}>
            <h2 id="history-heading" className="font-serif text-xl">
              Notes and history
            </h2>
            <Form method="post" className="mt-4 space-y-2">
              <input type="hidden" name="intent" value="note" />
              <Field
                label="New note"
                error={errors.note}
                hint="Only you see notes; the client's page never shows them."
              >
                {(props) => <textarea {...props} name="note" rows={3} maxLength={4000} className={adminTextarea} />}
              </Field>
              <div className="flex justify-end">
                <button type="submit" className={adminButton.secondary} disabled={!!busy}>
                  Add note
                </button>
              </div>
            </Form>
            {events.length === 0 ? (
              <p className="text-muted mt-4 text-sm">Nothing has happened yet.</p>
            ) : (
              <ol className="mt-4 space-y-3 text-sm" aria-label="History">
                {events.map((e) => (
                  <li key={e.id} className="border-line border-l-2 pl-3">
                    <p>
                      {e.kind === "stage"
                        ? `Moved from ${STAGE_LABELS[e.fromValue as CommissionStage] ?? e.fromValue} to ${STAGE_LABELS[e.toValue as CommissionStage] ?? e.toValue}`
                        : e.kind === "quote"
                          ? `Quote: ${e.toValue}. ${e.note}`
                          : e.kind === "payment"
                            ? `${e.note}: ${e.toValue}`
                            : e.kind === "photo"
                              ? `Photo ${e.toValue}: ${e.note}`
                              : e.note}
                    </p>
                    <p className="text-muted text-xs">
                      {e.actorName} · {e.createdAt}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>

        <aside className="space-y-6 self-start">
          <section aria-labelledby="stage-heading" className={`${adminCard} p-5`}>
            <h2 id="stage-heading" className="font-serif text-xl">
              Stage
            </h2>
            <Form method="post" className="mt-3 flex items-end gap-2">
              <input type="hidden" name="intent" value="stage" />
              <label className="flex-1 text-xs">
                <span className="text-ink-soft mb-1 block font-medium">Stage</span>
                <select name="stage" defaultValue={c.stage} className={adminInput}>
                  {COMMISSION_STAGES.map((s) => (
                    <option key={s} value={s}>
                      {STAGE_LABELS[s]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={adminButton.secondary} disabled={!!busy}>
                Move
              </button>
            </Form>
          </section>

          <section aria-labelledby="payments-heading" className={`${adminCard} p-5`}>
            <h2 id="payments-heading" className="font-serif text-xl">
              Payments
            </h2>
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
                    {bill?.paid ? null : (
                      <Form method="post">
                        <button
                          type="submit"
                          name="intent"
                          value={`paid-${part}`}
                          className={adminButton.secondary}
                          disabled={!!busy}
                        >
                          Mark {label.toLowerCase()} paid
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted mt-3 text-sm">Save a quote first: it says what the deposit and balance are.</p>
            )}
          </section>

          <section aria-labelledby="client-heading" className={`${adminCard} p-5`}>
            <h2 id="client-heading" className="font-serif text-xl">
              Client&rsquo;s page
            </h2>
            <p className="text-muted mt-2 text-sm">
              A private page where {c.name} sees the stage, the quote and the payments. Anyone with the link can open
              it.
            </p>
            <label className="mt-3 block text-xs">
              <span className="text-ink-soft mb-1 block font-medium">Client link</span>
              <input
                readOnly
                value={loaderData.clientUrl}
                className={adminInput}
                onFocus={(e) => e.currentTarget.select()}
              />
            </label>
            <div className="mt-3 flex flex-wrap gap-2">
              <a href={loaderData.clientUrl} target="_blank" rel="noreferrer" className={adminButton.secondary}>
                Open
              </a>
              <Form method="post">
                <button type="submit" name="intent" value="send-link" className={adminButton.primary} disabled={!!busy}>
                  Send link to client
                </button>
              </Form>
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
