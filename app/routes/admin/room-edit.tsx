// A viewing room, new or existing (docs/admin.md "Viewing rooms"): title, note to the collector, recipient, the
// last day it is open, the works in order with their room prices; its secret link (copy, make a new one, revoke);
// and who opened it when. One form: every button saves what is typed, then adds, moves or removes a work.
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/room-edit";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { cardClass, Panel } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Field, FormErrorSummary, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { ActionNotice, FormError } from "~/components/ui/notice";
import { formState, type ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import { dayIn, formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { formatPriceInput, ROOM_VISIT_LABELS, roomState } from "~/lib/rooms";
import { requireAdmin } from "~/modules/auth/session.server";
import { getArtworksByIds } from "~/modules/catalog/catalog.server";
import {
  allInCatalogue,
  createRoom,
  getRoom,
  MAX_ROOM_WORKS,
  regenerateRoomLink,
  revokeRoomLink,
  roomCandidates,
  RoomSchema,
  roomUrl,
  updateRoom,
} from "~/modules/rooms/rooms.server";
import {
  fieldErrorsOf,
  NOT_UNDERSTOOD,
  parseSubmission,
  readFormData,
  refuse,
  refuseFields,
} from "~/modules/forms/submission.server";
import { getSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.room ? `Room: ${loaderData.room.title}` : "New viewing room");

async function load(id: string | undefined) {
  if (id === undefined) return undefined;
  const found = await getRoom(id);
  if (!found) throw data("Viewing room not found", { status: 404 });
  return found;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [found, candidates, settings] = await Promise.all([load(params.id), roomCandidates(), getSettings()]);
  const tz = settings.shop.timeZone;
  const cards = found ? await getArtworksByIds(found.works.map((w) => w.artworkId)) : [];
  const now = new Date();
  return {
    room: found
      ? {
          id: found.room.id,
          title: found.room.title,
          note: found.room.note,
          recipientName: found.room.recipientName,
          recipientEmail: found.room.recipientEmail,
          expiresOn: dayIn(found.room.expiresAt, tz),
          expiresAt: formatDateTime(found.room.expiresAt, tz),
          state: roomState(found.room, now),
          link: roomUrl(found.room.token),
          works: found.works.map((w) => ({ artworkId: w.artworkId, price: formatPriceInput(w.priceCents) })),
          visits: found.visits.map((v) => ({
            id: v.id,
            kind: v.kind,
            at: formatDateTime(v.at, tz),
            device: v.device,
            name: v.name,
            email: v.email,
          })),
          visitCount: found.visitCount,
        }
      : null,
    defaultExpiresOn: dayIn(new Date(now.getTime() + 14 * 86_400_000), tz),
    timeZone: tz,
    // Titles and public prices of the works in the room and of those that can be added.
    catalogue: candidates.map((a) => ({ id: a.id, label: a.year ? `${a.title} (${a.year})` : a.title })),
    publicPrices: Object.fromEntries(
      cards.map((c) => [c.id, c.priceCents === null ? null : formatPrice(c.priceCents, c.currency)]),
    ),
  };
}

/** The buttons of the one form: save, add a work, or move/remove the work whose id follows the colon. */
const Intent = z.union([
  z.enum(["save", "add", "regenerate", "revoke"]),
  z.string().regex(/^(up|down|remove):[0-9a-f-]{36}$/i),
]);

interface Typed {
  title: string;
  note: string;
  recipientName: string;
  recipientEmail: string;
  expiresOn: string;
  works: { artworkId: string; price: string }[];
}

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

function typedFrom(form: FormData): Typed {
  const ids = form.getAll("workId").map(String);
  const prices = form.getAll("workPrice").map(String);
  return {
    title: str(form, "title"),
    note: str(form, "note"),
    recipientName: str(form, "recipientName"),
    recipientEmail: str(form, "recipientEmail"),
    expiresOn: str(form, "expiresOn"),
    works: ids.slice(0, MAX_ROOM_WORKS + 1).map((artworkId, i) => ({ artworkId, price: prices[i] ?? "" })),
  };
}

/** What was typed, flat as a refusal carries it back: the works as works.0.artworkId, works.0.price, … */
function roomValues(typed: Typed): Record<string, string> {
  const { works, ...fields } = typed;
  const flat: Record<string, string> = { ...fields };
  works.forEach((w, i) => {
    flat[`works.${i}.artworkId`] = w.artworkId;
    flat[`works.${i}.price`] = w.price;
  });
  return flat;
}

/** The works of a refused form, in the order they were sent. */
function roomWorks(values: Record<string, string>): Typed["works"] {
  const works: Typed["works"] = [];
  for (let i = 0; values[`works.${i}.artworkId`] !== undefined; i++)
    works.push({ artworkId: values[`works.${i}.artworkId`]!, price: values[`works.${i}.price`] ?? "" });
  return works;
}

/** What a move, an addition or a removal does to the list of works (before it is validated and saved). */
function applyIntent(works: Typed["works"], intent: string, added: string): Typed["works"] {
  if (intent === "add")
    return added && !works.some((w) => w.artworkId === added) ? [...works, { artworkId: added, price: "" }] : works;
  const [move, id] = intent.split(":");
  const i = works.findIndex((w) => w.artworkId === id);
  if (i < 0) return works;
  const next = [...works];
  if (move === "remove") next.splice(i, 1);
  else if (move === "up" && i > 0) [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
  else if (move === "down" && i < next.length - 1) [next[i + 1], next[i]] = [next[i]!, next[i + 1]!];
  return next;
}

export async function action({
  request,
  params,
}: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse> | Response> {
  await requireAdmin(request);
  const existing = await load(params.id);
  const form = await readFormData(request);
  const submission = parseSubmission(form, z.object({ intent: Intent }));
  if (!submission.ok) return refuse({ ok: false, error: NOT_UNDERSTOOD, values: roomValues(typedFrom(form)) });
  const { intent } = submission.value;
  if (intent === "regenerate" || intent === "revoke") {
    if (!existing) throw data("Viewing room not found", { status: 404 });
    if (intent === "regenerate") await regenerateRoomLink(existing.room.id);
    else await revokeRoomLink(existing.room.id);
    return {
      ok: true,
      message:
        intent === "regenerate"
          ? "A new link is ready; the old one no longer opens the room."
          : "The link is revoked: visitors are told the room is no longer available.",
    };
  }
  // The button's move (add, up, down, remove) is applied to what was typed, then the whole room is checked.
  const typed = typedFrom(form);
  typed.works = applyIntent(typed.works, intent, str(form, "addWork"));
  const parsed = RoomSchema.safeParse(typed);
  if (!parsed.success) return refuseFields(fieldErrorsOf(parsed.error), roomValues(typed));
  if (!(await allInCatalogue(parsed.data.works)))
    return refuseFields({ works: "That work is not in the catalogue." }, roomValues(typed));
  const { shop } = await getSettings();
  if (!existing) {
    const room = await createRoom(parsed.data, shop.timeZone);
    return redirect(adminPaths.room(room.id), 303);
  }
  const saved = await updateRoom(existing.room.id, parsed.data, shop.timeZone);
  if (!saved) throw data("Viewing room not found", { status: 404 });
  return { ok: true, message: intent === "save" ? "Room saved." : "Room saved with its works." };
}

export function ErrorBoundary() {
  return <AdminPageError />;
}

const STATE_TEXT = {
  open: "Open.",
  expired: "Expired: visitors are told it is no longer available",
  revoked: "Link revoked: visitors are told it is no longer available",
} as const;

export default function RoomEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { room, catalogue, publicPrices, defaultExpiresOn, timeZone } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // After a refusal the form shows what was sent (with the button's move applied); before, the room as saved.
  const { fieldErrors: errors, values, error, field } = formState(actionData);
  const typed = actionData && !actionData.ok ? values : undefined;
  const works = typed ? roomWorks(typed) : (room?.works ?? []);
  const titleOf = new Map(catalogue.map((a) => [a.id, a.label]));
  const addable = catalogue.filter((a) => !works.some((w) => w.artworkId === a.id));
  // Keyed by the room's saved state: the fields show what was saved after each successful action.
  const formKey = `${room?.id ?? "new"}:${JSON.stringify(room?.works ?? [])}:${room?.title ?? ""}`;
  return (
    <>
      <AdminPageHeader
        title={room ? room.title : "New viewing room"}
        description={
          room
            ? room.state === "open"
              ? `Open until ${room.expiresAt}.`
              : STATE_TEXT[room.state]
            : "Choose the works and their prices; then copy the link to the collector."
        }
        actions={
          <Link to={adminPaths.rooms()} className="text-ink-soft text-sm underline-offset-4 hover:underline">
            All viewing rooms
          </Link>
        }
      />
      <ActionNotice className="mb-4 text-sm" message={actionData?.ok ? actionData.message : null} />
      <div className="mb-6 max-w-3xl space-y-2 empty:hidden">
        <FormError message={error} />
        <FormErrorSummary errors={errors} />
      </div>

      {room ? <RoomLink link={room.link} state={room.state} busy={busy} /> : null}

      <Form key={formKey} method="post" noValidate className="max-w-3xl space-y-6" aria-label="Viewing room">
        <TextField label="Title" required {...field("title", room?.title)} />
        <TextAreaField
          label="Note to the collector"
          optional
          rows={4}
          hint="Shown under the title in the room."
          {...field("note", room?.note)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Recipient's name" optional {...field("recipientName", room?.recipientName)} />
          <TextField
            label="Recipient's email"
            optional
            type="email"
            {...field("recipientEmail", room?.recipientEmail)}
          />
          <TextField
            label="Open until"
            type="date"
            required
            hint={`The room closes at the end of this day (${timeZone}).`}
            {...field("expiresOn", room?.expiresOn ?? defaultExpiresOn)}
          />
        </div>

        <fieldset>
          <legend className="text-ink-soft mb-1 block text-xs font-medium">Works in the room</legend>
          {errors.works ? <p className="text-destructive mb-2 text-xs">{errors.works}</p> : null}
          {works.length === 0 ? (
            <p className="text-muted mb-3 text-sm">No works yet: add them below, in the order the room shows them.</p>
          ) : (
            <ol className={`${cardClass} divide-line mb-4 divide-y`}>
              {works.map((w, i) => {
                const title = titleOf.get(w.artworkId) ?? "A work no longer in the catalogue";
                const publicPrice = publicPrices[w.artworkId];
                return (
                  <li key={w.artworkId} className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
                    <input type="hidden" name="workId" value={w.artworkId} />
                    <div className="min-w-0 text-sm">
                      <p className="font-medium break-words">
                        {i + 1}. {title}
                      </p>
                      <p className="text-muted text-xs">
                        {publicPrice ? `Public price ${publicPrice}` : "No public price"}
                      </p>
                    </div>
                    <TextField
                      label="Room price"
                      optional
                      name="workPrice"
                      inputMode="decimal"
                      defaultValue={w.price}
                      placeholder={publicPrice ? "Same as public" : "Inquiry only"}
                      aria-label={`Room price of ${title}`}
                      error={errors[`works.${i}.price`]}
                    />
                    <div className="flex gap-1">
                      {(
                        [
                          ["up", "Up", `Move ${title} up`, i === 0],
                          ["down", "Down", `Move ${title} down`, i === works.length - 1],
                          ["remove", "Remove", `Remove ${title} from the room`, false],
                        ] as const
                      ).map(([intent, text, label, edge]) => (
                        <Button
                          key={intent}
                          type="submit"
                          name="intent"
                          value={`${intent}:${w.artworkId}`}
                          variant="ghost"
                          size="sm"
                          disabled={busy || edge}
                          aria-label={label}
                        >
                          {text}
                        </Button>
                      ))}
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              name="addWork"
              label="Add a work"
              className="min-w-0 flex-1"
              defaultValue=""
              options={[
                { value: "", label: "Choose a work…" },
                ...addable.map((a) => ({ value: a.id, label: a.label })),
              ]}
            />
            <Button type="submit" name="intent" value="add" variant="secondary" size="sm" disabled={busy}>
              Add to the room
            </Button>
          </div>
        </fieldset>

        <Button type="submit" name="intent" value="save" size="sm" disabled={busy}>
          {room ? "Save room" : "Create room"}
        </Button>
      </Form>

      {room ? (
        <Visits visits={room.visits} total={room.visitCount} recipient={room.recipientName || room.recipientEmail} />
      ) : null}
    </>
  );
}

function RoomLink({ link, state, busy }: { link: string; state: "open" | "expired" | "revoked"; busy: boolean }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(link).then(
      () => setCopied("Link copied."),
      () => setCopied("Copy it from the field: select it and copy."),
    );
  };
  return (
    <Panel title="Secret link" className="mb-8 max-w-3xl p-4">
      <p className="text-muted mt-1 text-sm">
        Whoever has it can open the room until it closes. Send it to the collector yourself; it is never listed
        anywhere.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Field label="Link to the room" className="min-w-0 flex-1">
          {(control) => (
            <input
              {...control}
              readOnly
              value={link}
              className={`${control.className} font-mono text-xs`}
              onFocus={(e) => e.currentTarget.select()}
            />
          )}
        </Field>
        <Button type="button" variant="secondary" size="sm" onClick={copy}>
          Copy link
        </Button>
      </div>
      <p role="status" className="text-available mt-1 text-xs empty:hidden">
        {copied}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="regenerate" variant="secondary" size="sm" disabled={busy}>
          {state === "revoked" ? "Make a new link (reopens the room)" : "Make a new link"}
        </Button>
        {state !== "revoked" ? (
          <Button type="submit" name="intent" value="revoke" variant="dangerOutline" size="sm" disabled={busy}>
            Revoke the link
          </Button>
        ) : null}
      </Form>
    </Panel>
  );
}

interface VisitRow {
  id: string;
  kind: "opened" | "inquired" | "ordered";
  at: string;
  device: string;
  name: string;
  email: string;
}

const VISIT_COLUMNS: Column<VisitRow>[] = [
  { header: "When", className: "whitespace-nowrap", cell: (v) => v.at },
  { header: "What", cell: (v) => ROOM_VISIT_LABELS[v.kind] },
  { header: "Who", className: "break-words", cell: (v) => (v.kind === "opened" ? v.device : `${v.name} · ${v.email}`) },
];

function Visits({ visits, total, recipient }: { visits: VisitRow[]; total: number; recipient: string }) {
  return (
    <section aria-labelledby="visits-heading" className="mt-12 max-w-3xl">
      <h2 id="visits-heading" className="text-lg">
        Who opened it
      </h2>
      <p className="text-muted mt-1 mb-4 text-sm">
        Each open of the link, newest first (the device from the browser, never an address), and visitors who named
        themselves by inquiring or ordering.
        {recipient ? ` Opens are by ${recipient}, or by whoever they passed the link to.` : ""}
        {total > visits.length ? ` The newest ${visits.length} of ${total}.` : ""}
      </p>
      <DataTable
        caption="Opens of the room, newest first"
        columns={VISIT_COLUMNS}
        rows={visits}
        rowKey={(v) => v.id}
        empty="Nobody has opened the room yet."
      />
    </section>
  );
}
