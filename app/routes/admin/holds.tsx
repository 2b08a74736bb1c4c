// Holds (docs/admin.md "Holds"): buyers' requests to hold a work, waiting ones first, with Approve and
// Decline; approved holds with their end, and the past ones. The bell's "Hold requested" links here.
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { ActionResult } from "~/lib/action-result";
import type { Route } from "./+types/holds";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { reportAction } from "~/components/admin/action-result";
import { Button } from "~/components/ui/button";
import { ActionNotice } from "~/components/ui/notice";
import { CardList, CardListItem } from "~/components/ui/card-list";
import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { formatDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { HOLD_STATUS_LABELS, type HoldStatus } from "~/lib/holds";
import { pageParam } from "~/lib/pagination";
import { paths } from "~/lib/paths";
import { requireAdmin } from "~/modules/auth/session.server";
import { readSubmission, refuse } from "~/modules/forms/submission.server";
import { getSettings } from "~/modules/settings/settings.server";
import { approveHold, declineHold, HoldError, HOLDS_PAGE_SIZE, listHolds } from "~/modules/shop/holds.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams);
  const [{ rows, total, waiting }, settings] = await Promise.all([listHolds(page), getSettings()]);
  const tz = settings.shop.timeZone;
  return {
    page,
    total,
    waiting,
    pageSize: HOLDS_PAGE_SIZE,
    holdHours: settings.shop.holdHours,
    holds: rows.map((h) => ({
      ...h,
      createdAt: formatDateTime(h.createdAt, tz),
      expiresAt: h.expiresAt ? formatDateTime(h.expiresAt, tz) : null,
    })),
  };
}

const Intent = z.object({
  intent: z.enum(["approve", "decline"], { message: "Choose Approve or Decline." }),
  id: z.uuid({ message: "That hold request does not exist." }),
});

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  const admin = await requireAdmin(request);
  const submission = await readSubmission(request, Intent);
  if (!submission.ok) {
    const { fieldErrors = {}, error } = submission.failure;
    return refuse(fieldErrors.intent ?? fieldErrors.id ?? error);
  }
  const { intent, id } = submission.value;
  try {
    if (intent === "approve") {
      const hold = await approveHold(id, admin.user.email);
      return { ok: true, message: `On hold for ${hold.name}; they were e-mailed their link.` };
    }
    const hold = await declineHold(id, admin.user.email);
    return { ok: true, message: `Declined; ${hold.name} was told by e-mail.` };
  } catch (error) {
    if (error instanceof HoldError) return refuse(error.message, error.code === "not-found" ? 404 : 409);
    throw error;
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not answer the hold request");
}

export const meta: Route.MetaFunction = () => adminMeta("Holds");

export function ErrorBoundary() {
  return <AdminPageError />;
}

const STATUS_TONES: Record<HoldStatus, Tone> = {
  requested: "accent",
  approved: "success",
  completed: "neutral",
  declined: "muted",
  lapsed: "muted",
};

export default function Holds({ loaderData, actionData }: Route.ComponentProps) {
  const { holds, page, total, pageSize, waiting, holdHours } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : undefined;
  return (
    <>
      <AdminPageHeader title="Holds" />
      <p className="text-ink-soft mb-4 max-w-2xl text-sm leading-relaxed">
        Buyers can ask you to hold a work for {holdHours} hours (change it in Settings › Shop). A request blocks
        nothing; approving it marks the work <strong>On hold</strong>, so nobody else can buy it, and e-mails the buyer
        a link to complete the purchase. When the time is up the work is offered again by itself.
        {waiting > 0 ? ` ${waiting} ${waiting === 1 ? "request waits" : "requests wait"} for you.` : ""}
      </p>
      <ActionNotice className="mb-4 max-w-2xl text-sm" result={actionData} />
      <CardList
        items={holds}
        itemKey={(h) => h.id}
        empty="No hold requests yet. Buyers ask from a work’s page."
        pager={{ page, pageSize, total, href: adminPaths.holds, items: "holds" }}
      >
        {(h) => (
          <CardListItem
            title={h.artworkTitle}
            href={paths.artwork(h.artworkId)}
            aside={<HoldActions hold={h} busy={busyId === h.id} />}
          >
            <p className="text-ink-soft mt-1 text-sm break-words">
              {h.name} · <a href={`mailto:${h.email}`}>{h.email}</a>
            </p>
            <p className="text-muted mt-1 text-xs">
              Asked {h.createdAt}
              {h.status === "approved" && h.expiresAt ? ` · held until ${h.expiresAt}` : ""}
              {h.decidedBy && h.status !== "requested" ? ` · by ${h.decidedBy}` : ""}
            </p>
            {h.note ? <p className="text-ink-soft mt-2 text-sm whitespace-pre-line">“{h.note}”</p> : null}
          </CardListItem>
        )}
      </CardList>
    </>
  );
}

type Hold = Route.ComponentProps["loaderData"]["holds"][number];

/** A hold's state, and Approve / Decline while it waits for the artist. */
function HoldActions({ hold, busy }: { hold: Hold; busy: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge tone={STATUS_TONES[hold.status]}>{HOLD_STATUS_LABELS[hold.status]}</StatusBadge>
      {hold.status === "requested" ? (
        <Form method="post" className="flex gap-2">
          <input type="hidden" name="id" value={hold.id} />
          {(
            [
              ["approve", "Approve", "primary"],
              ["decline", "Decline", "secondary"],
            ] as const
          ).map(([intent, verb, variant]) => (
            <Button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              variant={variant}
              size="sm"
              disabled={busy}
              aria-label={`${verb} the hold of ${hold.artworkTitle} for ${hold.name}`}
            >
              {verb}
            </Button>
          ))}
        </Form>
      ) : null}
    </div>
  );
}
