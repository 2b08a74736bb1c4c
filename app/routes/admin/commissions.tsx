// Commission Pipeline: requests from the commissions page, by stage, from first request to completion.
import { data, Form, Link, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/commissions";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { adminPaths } from "~/lib/admin-paths";
import { COMMISSION_STAGES, STAGE_LABELS, type CommissionStage } from "~/lib/inquiries";
import { requireAdmin } from "~/modules/auth/session.server";
import { listCommissions, moveCommission, OPEN_STAGES } from "~/modules/inbox/inbox-admin.server";
import { readFormData } from "~/modules/security/form-data.server";

export const meta: Route.MetaFunction = () => adminMeta("Commission Pipeline");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const byStage = await listCommissions();
  return { byStage, openStages: OPEN_STAGES };
}

const MoveSchema = z.object({ id: z.uuid(), stage: z.enum(COMMISSION_STAGES) });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const parsed = MoveSchema.safeParse({ id: form.get("id"), stage: form.get("stage") });
  if (!parsed.success)
    return data({ ok: false as const, error: "Choose a stage for the commission." }, { status: 400 });
  if (!(await moveCommission(parsed.data.id, parsed.data.stage)))
    return data({ ok: false as const, error: "This commission no longer exists." }, { status: 404 });
  return { ok: true as const };
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

type Commission = Route.ComponentProps["loaderData"]["byStage"][CommissionStage][number];

export default function Commissions({ loaderData }: Route.ComponentProps) {
  const { byStage } = loaderData;
  const [params] = useSearchParams();
  const total = COMMISSION_STAGES.reduce((n, s) => n + byStage[s].length, 0);
  const selectedId = params.get("id");
  const selected = selectedId
    ? COMMISSION_STAGES.flatMap((s) => byStage[s]).find((c) => c.id === selectedId)
    : undefined;
  const open = loaderData.openStages.reduce((n, s) => n + byStage[s].length, 0);

  return (
    <>
      <AdminPageHeader
        title="Commission Pipeline"
        description={
          total === 0 ? "Requests from the commissions page appear here." : `${open} open of ${total} commissions.`
        }
      />
      {total === 0 ? (
        <EmptyState>No commissions yet.</EmptyState>
      ) : (
        <div className={`grid gap-6 ${selected ? "xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]" : ""}`}>
          <div className="flex gap-3 overflow-x-auto pb-3" role="list" aria-label="Stages">
            {COMMISSION_STAGES.map((stage) => (
              <section
                key={stage}
                role="listitem"
                aria-labelledby={`stage-${stage}`}
                className="bg-paper-deep/60 w-56 shrink-0 rounded-lg p-2"
              >
                <h2 id={`stage-${stage}`} className="flex items-center justify-between px-1 py-1 font-sans text-sm">
                  {STAGE_LABELS[stage]} <span className="text-muted">{byStage[stage].length}</span>
                </h2>
                <ul className="mt-1 space-y-2">
                  {byStage[stage].map((c) => (
                    <CommissionCard key={c.id} commission={c} selected={c.id === selectedId} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
          {selected ? <CommissionDetail commission={selected} /> : null}
        </div>
      )}
    </>
  );
}

function CommissionCard({ commission, selected }: { commission: Commission; selected: boolean }) {
  const fetcher = useFetcher<typeof action>();
  // Optimistic: the card shows its new stage while the change is saved; an error puts it back and says why.
  const pending = fetcher.formData?.get("stage") as CommissionStage | undefined;
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <li
      className={`border-line rounded-md border bg-white p-3 text-sm shadow-sm ${selected ? "ring-ink ring-1" : ""} ${pending ? "opacity-60" : ""}`}
    >
      <Link
        to={`${adminPaths.commissions()}?id=${commission.id}`}
        className="font-medium hover:underline"
        preventScrollReset
      >
        {commission.name}
      </Link>
      <p className="text-muted mt-1 line-clamp-2 text-xs">{commission.description}</p>
      <p className="text-muted mt-2 text-xs">
        {commission.budget ?? "Budget not given"} · {dateFormat.format(new Date(commission.createdAt))}
      </p>
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="id" value={commission.id} />
        <label className="sr-only" htmlFor={`stage-of-${commission.id}`}>
          Stage of {commission.name}&rsquo;s commission
        </label>
        <select
          id={`stage-of-${commission.id}`}
          name="stage"
          value={pending ?? commission.stage}
          onChange={(e) => fetcher.submit(e.currentTarget.form)}
          className="border-line w-full rounded border bg-white px-2 py-1 text-xs"
        >
          {COMMISSION_STAGES.map((s) => (
            <option key={s} value={s}>
              {STAGE_LABELS[s]}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="mt-1 text-xs underline">
            Move
          </button>
        </noscript>
      </fetcher.Form>
      {failed ? (
        <p role="alert" className="text-destructive mt-1 text-xs">
          {failed}
        </p>
      ) : null}
    </li>
  );
}

function CommissionDetail({ commission }: { commission: Commission }) {
  return (
    <article aria-labelledby="commission-name" className="border-line self-start rounded-lg border bg-white p-5">
      <h2 id="commission-name" className="text-xl">
        {commission.name}
      </h2>
      <p className="text-muted text-sm">{STAGE_LABELS[commission.stage]}</p>
      <dl className="text-ink-soft mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">E-mail</dt>
        <dd>
          <a className="underline underline-offset-4" href={`mailto:${commission.email}`}>
            {commission.email}
          </a>
        </dd>
        {commission.phone ? (
          <>
            <dt className="text-muted">Phone</dt>
            <dd>{commission.phone}</dd>
          </>
        ) : null}
        <dt className="text-muted">Budget</dt>
        <dd>{commission.budget ?? "—"}</dd>
        <dt className="text-muted">Medium</dt>
        <dd>{commission.medium ?? "—"}</dd>
        <dt className="text-muted">Size</dt>
        <dd>{commission.size ?? "—"}</dd>
        <dt className="text-muted">Timeline</dt>
        <dd>{commission.timeline ?? "—"}</dd>
        <dt className="text-muted">Requested</dt>
        <dd>{dateFormat.format(new Date(commission.createdAt))}</dd>
      </dl>
      <p className="border-line mt-4 border-t pt-4 text-sm leading-relaxed whitespace-pre-wrap">
        {commission.description}
      </p>
      <Form method="get" className="mt-4">
        <button type="submit" className="text-muted text-sm underline underline-offset-4">
          Close
        </button>
      </Form>
    </article>
  );
}

export const ErrorBoundary = AdminPageError;
