// The confirmation links of the two double opt-in lists (the newsletter, "Notify me" work alerts) on real
// databases: a link works for CONFIRM_LINK_DAYS after it was sent and only for the sign-up it was sent for. An
// older one, one sent before an unsubscribe, or one from before links carried their time (a database upgraded
// from an older version) changes nothing and says why; a new sign-up sends a link that works.
import { and, desc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryRows } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { CONFIRM_LINK_DAYS } from "~/lib/opt-in";
import {
  alertForLink,
  alertUnsubscribeToken,
  confirmAlert,
  subscribeAlert,
  unsubscribeAlert,
} from "~/modules/alerts/alerts.server";
import {
  confirmSubscription,
  unsubscribeToken,
  subscribe,
  subscriberForLink,
  unsubscribeByToken,
} from "~/modules/inbox/newsletter.server";
import { signedId } from "~/modules/security/signed-ids.server";
import { BACKENDS, useTestServices } from "../support/harness";

const DAY = 86_400_000;

/** One list's double opt-in, as the tests use it. */
interface OptInList {
  name: string;
  table: string;
  template: string;
  subscribe: (email: string) => Promise<string>;
  confirm: (token: string | null) => Promise<unknown>;
  view: (token: string | null) => Promise<unknown>;
  unsubscribe: (id: string) => Promise<unknown>;
  /** The confirm link of an older version: `{id}.{signature}`, no time. */
  legacyToken: (id: string) => string;
}

const LISTS: OptInList[] = [
  {
    name: "newsletter",
    table: "newsletter_subscribers",
    template: "newsletter-confirm",
    subscribe: (email) => subscribe(email),
    confirm: confirmSubscription,
    view: (token) => subscriberForLink("confirm", token),
    unsubscribe: (id) => unsubscribeByToken(unsubscribeToken(id)),
    legacyToken: (id) => signedId("newsletter:confirm", id),
  },
  {
    name: "work alerts",
    table: "work_alerts",
    template: "alert-confirm",
    subscribe: (email) => subscribeAlert({ email }),
    confirm: confirmAlert,
    view: (token) => alertForLink("confirm", token),
    unsubscribe: (id) => unsubscribeAlert(alertUnsubscribeToken(id)),
    legacyToken: (id) => signedId("alerts:confirm", id),
  },
];

describe.each(BACKENDS)("confirmation links on %s", (backend) => {
  const ctx = useTestServices(backend);
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the app's clock (Date only: the databases keep their own timers). */
  const travel = (ms: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + ms);
  };

  describe.each(LISTS)("$name", (list) => {
    let serial = 0;
    const address = (what: string) => `${what}-${++serial}@${list.name.replace(/\W/g, "")}.example.com`;

    /** The token of the newest confirmation mail to `email`. */
    async function newestLink(email: string): Promise<string> {
      const [mail] = await ctx.handle.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, list.template)))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(1);
      const match = /\/confirm\?token=([^\s"<>&]+)/.exec(mail?.text ?? "");
      if (!match) throw new Error(`no confirmation link mailed to ${email}`);
      return match[1]!;
    }

    async function rowOf(email: string) {
      const [row] = await queryRows<{ id: string; confirmed: boolean; unsubscribed: boolean }>(
        ctx.handle.db,
        sql`select id, confirmed_at is not null as confirmed, unsubscribed_at is not null as unsubscribed
              from ${sql.identifier(list.table)} where email = ${email}`,
      );
      if (!row) throw new Error(`no row for ${email}`);
      return row;
    }

    it(`confirms within ${CONFIRM_LINK_DAYS} days, once; the link then says it was used`, async () => {
      const email = address("prompt");
      expect(await list.subscribe(email)).toBe("confirmation-sent");
      const token = await newestLink(email);
      travel(CONFIRM_LINK_DAYS * DAY - 60_000);
      expect(await list.view(token)).toMatchObject({ state: "open", email });
      expect(await list.confirm(token)).toEqual({ state: "confirmed", email });
      expect(await rowOf(email)).toMatchObject({ confirmed: true, unsubscribed: false });
      // Used: nothing to do, and the page says so without naming the address.
      expect(await list.view(token)).toEqual(expect.objectContaining({ state: "used" }));
      expect(await list.view(token)).not.toHaveProperty("email");
      expect(await list.confirm(token)).toEqual({ state: "used" });
    });

    it(`a link older than ${CONFIRM_LINK_DAYS} days changes nothing and says it expired`, async () => {
      const email = address("late");
      await list.subscribe(email);
      const token = await newestLink(email);
      travel(CONFIRM_LINK_DAYS * DAY + 60_000);
      const view = await list.view(token);
      expect(view).toMatchObject({ state: "expired" });
      expect(view).not.toHaveProperty("email");
      expect(await list.confirm(token)).toEqual({ state: "expired" });
      expect(await rowOf(email)).toMatchObject({ confirmed: false, unsubscribed: false });
      // Signing up again sends a link that works.
      expect(await list.subscribe(email)).toBe("confirmation-sent");
      const fresh = await newestLink(email);
      expect(fresh).not.toBe(token);
      expect(await list.confirm(fresh)).toEqual({ state: "confirmed", email });
      expect(await list.confirm(token)).toEqual({ state: "expired" });
    });

    it("a link sent before an unsubscribe never subscribes the address again", async () => {
      const email = address("left");
      await list.subscribe(email);
      const first = await newestLink(email);
      expect(await list.confirm(first)).toEqual({ state: "confirmed", email });
      const { id } = await rowOf(email);
      await list.unsubscribe(id);

      // The old link, clicked again the next day (by its recipient or whoever has it): still unsubscribed.
      travel(DAY);
      expect(await list.view(first)).toMatchObject({ state: "stale" });
      expect(await list.confirm(first)).toEqual({ state: "stale" });
      expect(await rowOf(email)).toMatchObject({ unsubscribed: true });

      // Signing up again: only the new request's link confirms it.
      expect(await list.subscribe(email)).toBe("confirmation-sent");
      const second = await newestLink(email);
      expect(await list.confirm(first)).toEqual({ state: "stale" });
      expect(await rowOf(email)).toMatchObject({ confirmed: false, unsubscribed: false });
      expect(await list.confirm(second)).toEqual({ state: "confirmed", email });
      expect(await rowOf(email)).toMatchObject({ confirmed: true, unsubscribed: false });
    });

    it("a pending sign-up asked for twice: either mail's link confirms it", async () => {
      const email = address("twice");
      await list.subscribe(email);
      const first = await newestLink(email);
      travel(60_000);
      await list.subscribe(email);
      const second = await newestLink(email);
      expect(second).not.toBe(first);
      expect(await list.view(first)).toMatchObject({ state: "open", email });
      expect(await list.confirm(first)).toEqual({ state: "confirmed", email });
      expect(await list.confirm(second)).toEqual({ state: "used" });
    });

    it("a link from an older version (no time in it) says it expired; a new sign-up's link works", async () => {
      const email = address("legacy");
      await list.subscribe(email);
      const { id } = await rowOf(email);
      // The row as an older version left it: waiting to confirm, no request time.
      await ctx.handle.db.execute(
        sql`update ${sql.identifier(list.table)} set confirm_requested_at = null where id = ${id}`,
      );
      const legacy = list.legacyToken(id);
      expect(await list.view(legacy)).toMatchObject({ state: "expired" });
      expect(await list.confirm(legacy)).toEqual({ state: "expired" });
      expect(await rowOf(email)).toMatchObject({ confirmed: false, unsubscribed: false });
      await list.subscribe(email);
      expect(await list.confirm(await newestLink(email))).toEqual({ state: "confirmed", email });
    });

    it("a forged, cut or other kind of link is not ours", async () => {
      const email = address("forged");
      await list.subscribe(email);
      const token = await newestLink(email);
      const { id } = await rowOf(email);
      expect(await list.confirm(token.slice(0, -1))).toBeUndefined();
      expect(await list.confirm(`${token.split(".").slice(0, 2).join(".")}.${"A".repeat(32)}`)).toBeUndefined();
      // The time in a link is signed: moving it forward breaks the signature.
      const [, time] = token.split(".");
      const moved = token.replace(`.${time}.`, `.${(parseInt(time!, 36) + DAY).toString(36)}.`);
      expect(await list.confirm(moved)).toBeUndefined();
      expect(await list.view(moved)).toBeUndefined();
      expect(
        await list.confirm(list.name === "newsletter" ? unsubscribeToken(id) : alertUnsubscribeToken(id)),
      ).toBeUndefined();
      expect(await rowOf(email)).toMatchObject({ confirmed: false });
    });
  });
});
