// A PostgreSQL server that misbehaves under a running shop: its connections killed (a failover, an operator's
// pg_terminate_backend), the database out of reach for a while, a table locked by someone else. The process
// lives through each, answers what it cannot do as "try again", and is itself again once the server is.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { LOCK_TIMEOUT_MS, queryRows } from "~/db/client.server";
import { commissions, holds, messages, newsletterSubscribers, orders, workAlerts } from "~/db/schema";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { createLogger } from "~/logger.server";
import { enqueue, registerJobHandlers, startJobWorker } from "~/modules/jobs/jobs.server";
import { services, setServices } from "~/services.server";
import * as checkoutRoute from "~/routes/shop/checkout";
import { action as commissionsAction } from "~/routes/site/commissions";
import { action as contactAction } from "~/routes/site/contact";
import { action as holdAction } from "~/routes/site/hold-request";
import { action as newsletterAction } from "~/routes/site/newsletter";
import { action as alertsAction } from "~/routes/site/work-alerts";
import { action as trackAction } from "~/routes/shop/track-order";
import { newSubmissionKey } from "~/modules/inbox/inquiries.server";
import { auth } from "~/modules/auth/auth.server";
import { signUpWithPassword } from "~/modules/auth/flows.server";
import { action as signInAction, loader as signInLoader } from "~/routes/auth/auth";
import { action as accountAction } from "~/routes/account/account";
import { formOf } from "../support/form";
import { BACKENDS, useTestServices } from "../support/harness";
import { onServer, SERVER_POSTGRES_URL } from "../support/postgres-server";
import { BUYER, callRoute, checkoutForm, seedShopSettings, seedWork } from "../support/shop-data";

/** Exceptions nobody caught while each test ran (in the server, one ends the process). */
function recordUncaught(): unknown[] {
  const seen: unknown[] = [];
  const record = (error: unknown) => seen.push(error);
  beforeEach(() => {
    seen.length = 0;
    process.on("uncaughtException", record);
  });
  afterEach(() => {
    process.off("uncaughtException", record);
  });
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL only: the embedded PGlite runs inside the server's own process and cannot be out of reach. Without
// TEST_DATABASE_URL (CI sets it) the suite is reported as skipped: a file with no suite at all failed the run.
describe.skipIf(!BACKENDS.includes("postgres")).each(["postgres" as const])(
  "the database misbehaving on %s",
  (backend) => {
    const ctx = useTestServices(backend);
    const uncaught = recordUncaught();

    /** Kills the server connection of `pid`, as an operator or a failover does, and waits for its end to arrive. */
    async function killed(pid: number) {
      await onServer(SERVER_POSTGRES_URL, `select pg_terminate_backend(${pid})`);
      await pause(200);
    }

    /** The suite's database refuses every connection and loses those it had, until the returned function is called. */
    async function outOfReach(): Promise<() => Promise<unknown>> {
      const name = new URL(ctx.config.databaseUrl!).pathname.slice(1);
      await onServer(SERVER_POSTGRES_URL, `alter database ${name} allow_connections false`);
      back = () => onServer(SERVER_POSTGRES_URL, `alter database ${name} allow_connections true`);
      await onServer(
        SERVER_POSTGRES_URL,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      await pause(100);
      return back;
    }
    let back: (() => Promise<unknown>) | undefined;
    afterEach(async () => {
      await back?.();
      back = undefined;
    });

    const backendPid = async (on = ctx.handle.db) =>
      (await queryRows<{ pid: number }>(on, sql`select pg_backend_pid() as pid`))[0]!.pid;

    it("a connection killed inside a transaction fails that transaction only: the process lives, the next query runs", async () => {
      await expect(
        ctx.handle.db.transaction(async (tx) => {
          await killed(await backendPid(tx));
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect(await queryRows(ctx.handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });

    it("a connection killed while it holds an advisory lock fails that work only", async () => {
      await expect(
        ctx.handle.withLock(727_999, async () => {
          const [lock] = await queryRows<{ pid: number }>(
            ctx.handle.db,
            sql`select pid from pg_locks where locktype = 'advisory' and objid = 727999`,
          );
          await killed(lock!.pid);
          throw new Error("the work noticed");
        }),
      ).rejects.toThrow("the work noticed");
      expect(uncaught).toEqual([]);
      expect(await queryRows(ctx.handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });

    it("a table locked by someone else: the queries that need it give up after the lock timeout, and all the pool's connections work once it is free", async () => {
      const locker = new pg.Client({ connectionString: ctx.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query("begin");
        await locker.query("lock table artworks in access exclusive mode");
        // More queries than the pool has connections: some wait on the lock, the rest for a connection. Both
        // give up after 5 s (LOCK_TIMEOUT_MS, the pool's connection timeout); "still waiting" is three times that.
        const outcomes = await Promise.race([
          Promise.allSettled(
            Array.from({ length: 12 }, () => queryRows(ctx.handle.db, sql`select count(*) from artworks`)),
          ),
          pause(15_000).then(() => "still waiting" as const),
        ]);
        expect(outcomes).not.toBe("still waiting");
        const settled = outcomes as PromiseSettledResult<unknown>[];
        expect(settled.map((o) => o.status === "rejected" && isDatabaseUnavailable(o.reason))).toEqual(
          Array(12).fill(true),
        );
      } finally {
        await locker.query("rollback");
        await locker.end();
      }
      const after = await Promise.all(
        Array.from({ length: 12 }, () =>
          queryRows<{ n: number }>(ctx.handle.db, sql`select 1 as n from artworks limit 1`),
        ),
      );
      expect(after).toHaveLength(12);
    });

    it("an advisory lock (migrations, the storage sweep) still waits for as long as another process holds it", async () => {
      const holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query("select pg_advisory_lock(727998)");
        const waited = ctx.handle.withLock(727_998, () => Promise.resolve("ran"));
        await pause(LOCK_TIMEOUT_MS + 500);
        await holder.query("select pg_advisory_unlock(727998)");
        expect(await waited).toBe("ran");
      } finally {
        await holder.end();
      }
    });

    it("the job worker says an outage once, asks less often while it lasts, and runs what is due once it is over", async () => {
      const saved = services();
      const logger = createLogger("silent");
      setServices({ ...saved, logger });
      const complaints = [vi.spyOn(logger, "error"), vi.spyOn(logger, "warn")];
      const ran: unknown[] = [];
      registerJobHandlers({ "test.after-outage": (payload) => Promise.resolve(void ran.push(payload.n)) });
      const worker = startJobWorker(50);
      try {
        const reachable = await outOfReach();
        // Thirty polls' worth.
        await pause(1_500);
        const said = complaints.flatMap((spy) => spy.mock.calls.map((call) => call.at(-1) as string));
        await reachable();
        expect(said).toEqual(["job worker: the database is out of reach; trying again less often until it is back"]);

        await enqueue("test.after-outage", { n: 1 });
        worker.wake();
        await expect.poll(() => ran, { timeout: 5_000 }).toEqual([1]);
      } finally {
        await worker.stop();
        setServices(saved);
      }
    });

    describe("checkout", () => {
      beforeAll(() => seedShopSettings());

      it("an order placed while the database is out of reach: asked to place it again, what was typed kept; placed again, it is one order", async () => {
        const work = await seedWork();
        const key = crypto.randomUUID();
        const place = () =>
          callRoute(checkoutRoute.action, "/checkout", { form: checkoutForm([{ id: work }], {}, key) });

        const reachable = await outOfReach();
        const refused = await place();
        await reachable();
        expect(refused.status).toBe(503);
        expect(refused.retryAfter).toBe("30");
        expect(refused.body).toMatchObject({
          formError:
            "Your order could not be placed just now. Please place it again in a minute: your details are kept, and an order is never placed twice.",
          values: {
            name: BUYER.name,
            email: BUYER.email,
            addressLine1: BUYER.addressLine1,
            postalCode: BUYER.postalCode,
          },
          // The same key: had the order gone through before the answer was lost, placing it again finds it.
          idempotencyKey: key,
        });

        expect((await place()).status).toBe(303);
        expect(await ctx.handle.db.$count(orders, eq(orders.idempotencyKey, key))).toBe(1);
      });
    });
    describe("the public forms: contact, commissions, newsletter, Notify me, hold request", () => {
      let work = "";
      beforeAll(async () => {
        await seedShopSettings();
        work = await seedWork();
      });
      const SIGN_UP_AGAIN =
        "Your sign-up could not be sent just now. Please send it again in a minute: your address is kept.";
      const sender = { name: "Ada Outage", email: "outage@example.com" };
      const sent: {
        form: string;
        action: Parameters<typeof callRoute>[0];
        url: () => string;
        /** What is typed, the same both times (a form's submission key with it). */
        fields: Record<string, string>;
        error: string;
        stored: () => Promise<number>;
      }[] = [
        {
          form: "contact",
          action: contactAction,
          url: () => "/contact",
          fields: {
            ...sender,
            submissionKey: newSubmissionKey(),
            inquiryType: "general",
            subject: "",
            message: "Is the harbour diptych still available?",
          },
          error: "Your message could not be sent just now. Please send it again in a minute: what you wrote is kept.",
          stored: () => ctx.handle.db.$count(messages, eq(messages.email, sender.email)),
        },
        {
          form: "commission",
          action: commissionsAction,
          url: () => "/commissions",
          fields: {
            ...sender,
            submissionKey: newSubmissionKey(),
            budget: "2000-5000",
            description: "A quiet harbour at dusk, in greys and blues, for a dining room.",
          },
          error:
            "Your request could not be sent just now. Please send it again in a minute: what you wrote is kept (attach any photos again).",
          stored: () => ctx.handle.db.$count(commissions, eq(commissions.email, sender.email)),
        },
        {
          form: "newsletter",
          action: newsletterAction,
          url: () => "/newsletter",
          fields: { email: sender.email },
          error: SIGN_UP_AGAIN,
          stored: () => ctx.handle.db.$count(newsletterSubscribers, eq(newsletterSubscribers.email, sender.email)),
        },
        {
          form: "Notify me",
          action: alertsAction,
          url: () => "/alerts",
          fields: { email: sender.email, artworkId: "" },
          error: SIGN_UP_AGAIN,
          stored: () => ctx.handle.db.$count(workAlerts, eq(workAlerts.email, sender.email)),
        },
        {
          form: "hold request",
          action: (args: never) => holdAction({ ...(args as object), params: { id: work } } as never),
          url: () => `/artwork/${work}/hold`,
          fields: { ...sender, note: "Until payday, please." },
          error: "Your request could not be sent just now. Please send it again in a minute: what you wrote is kept.",
          stored: () => ctx.handle.db.$count(holds, eq(holds.email, sender.email)),
        },
      ];

      it.each(sent)(
        "the $form form sent while the database is out of reach: asked to send it again in a minute, what was typed kept; sent again, it is stored once",
        async (c) => {
          const send = () => callRoute(c.action, c.url(), { form: formOf(c.fields), ip: "198.51.100.77" });
          const reachable = await outOfReach();
          const refused = await send();
          await reachable();
          expect(refused.status).toBe(503);
          expect(refused.retryAfter).toBe("30");
          expect(refused.body).toMatchObject({ ok: false, error: c.error, values: c.fields });

          expect(await send()).toMatchObject({ status: 200, body: { ok: true } });
          expect(await c.stored()).toBe(1);
        },
      );
    });

    it("Track your order sent while the database is out of reach: asked to try again in a minute, the number and address kept", async () => {
      const typed = { number: "ORD-2026-0042", email: "outage@example.com" };
      const reachable = await outOfReach();
      const refused = await callRoute(trackAction, "/track-order", { form: formOf(typed), ip: "198.51.100.78" });
      await reachable();
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe("30");
      expect(refused.body).toMatchObject({
        values: typed,
        order: null,
        formError: "Your order could not be looked up just now. Please try again in a minute: what you typed is kept.",
      });
      // Back: the same lookup gets its usual answer (no such order).
      expect((await callRoute(trackAction, "/track-order", { form: formOf(typed), ip: "198.51.100.78" })).status).toBe(
        404,
      );
    });

    describe("signing in and the account page", () => {
      const ORIGIN = "http://localhost:3000";
      const password = "a quiet harbour at dusk";
      /** What the log was told while the database was out of reach: errors with their stacks, and warnings. */
      function complaints() {
        const { logger } = services();
        const spies = [vi.spyOn(logger, "error"), vi.spyOn(logger, "warn")];
        return {
          said: () => spies.flatMap((spy) => spy.mock.calls.map((call) => call.at(-1) as string)),
          restore: () => spies.forEach((spy) => spy.mockRestore()),
        };
      }

      /** An account made through the sign-up form's call (signed in at once: no mail delivery here); its cookie. */
      async function newAccount(email: string, fullName: string, ip: string): Promise<string> {
        const request = new Request(`${ORIGIN}/auth`, {
          method: "POST",
          headers: { origin: ORIGIN, "x-atelier-client-ip": ip },
        });
        const signedUp = await signUpWithPassword(request, { email, password, fullName, returnTo: "/" });
        if (!signedUp.ok) throw new Error(signedUp.message);
        return signedUp.cookies
          .getSetCookie()
          .map((c) => c.split(";")[0]!)
          .join("; ");
      }

      const forms: { intent: string; fields: Record<string, string>; error: string; kept: Record<string, string> }[] = [
        {
          intent: "sign-in",
          fields: { email: "reader@example.com", password, remember: "on" },
          error: "You could not be signed in just now. Please try again in a minute: your e-mail address is kept.",
          kept: { email: "reader@example.com" },
        },
        {
          intent: "sign-up",
          fields: { fullName: "Ada Outage", email: "new.reader@example.com", password },
          error:
            "Your account could not be created just now. Please try again in a minute: what you typed is kept, apart from the password.",
          kept: { fullName: "Ada Outage", email: "new.reader@example.com" },
        },
        {
          intent: "forgot",
          fields: { email: "reader@example.com" },
          error: "The link could not be sent just now. Please try again in a minute: your e-mail address is kept.",
          kept: { email: "reader@example.com" },
        },
        {
          intent: "magic-link",
          fields: { email: "reader@example.com" },
          error: "The link could not be sent just now. Please try again in a minute: your e-mail address is kept.",
          kept: { email: "reader@example.com" },
        },
      ];

      it.each(forms)(
        "the sign-in page's $intent form sent while the database is out of reach: asked to try again in a minute beside the form, the address kept, never the password; no stack in the log",
        async (c) => {
          const log = complaints();
          const send = () =>
            callRoute(signInAction, "/auth", {
              form: formOf({ intent: c.intent, ...c.fields }),
              headers: { origin: ORIGIN, "x-atelier-client-ip": "198.51.100.80" },
            });
          try {
            const reachable = await outOfReach();
            const refused = [await send(), await send()];
            await reachable();
            for (const answer of refused) {
              expect(answer.status).toBe(503);
              expect(answer.retryAfter).toBe("30");
              expect(answer.body).toMatchObject({ ok: false, error: c.error, values: c.kept });
              expect(JSON.stringify(answer.body)).not.toContain(password);
            }
            // Said once a minute at most, as every request the outage answers: no error, no stack per request.
            expect(log.said().filter((line) => !/once a minute/.test(line))).toEqual([]);
          } finally {
            log.restore();
          }
        },
      );

      it("the sign-in page itself shows while the database is out of reach, so a browser without JavaScript gets its form back with the answer", async () => {
        const reachable = await outOfReach();
        const page = await callRoute(signInLoader, "/auth");
        await reachable();
        expect(page).toMatchObject({ status: 200, body: { view: { kind: "sign-in" }, setupOffered: false } });
      });

      it("once the database is back, signing in works again", async () => {
        await newAccount("back@example.com", "", "198.51.100.81");
        const reachable = await outOfReach();
        const form = () => formOf({ intent: "sign-in", email: "back@example.com", password, remember: "on" });
        const headers = { origin: ORIGIN, "x-atelier-client-ip": "198.51.100.82" };
        expect((await callRoute(signInAction, "/auth", { form: form(), headers })).status).toBe(503);
        await reachable();
        const signedIn = await callRoute(signInAction, "/auth", { form: form(), headers });
        expect(signedIn.status).toBe(302);
        expect(signedIn.setCookie).toContain("session_token=");
      });

      /**
       * Sends a sign-up and takes the database away once its insert into `table` is under way (a trigger holds
       * that insert for ten seconds); the answer, the database back.
       */
      async function goneWhileInserting<T>(table: "user" | "account", send: () => Promise<T>): Promise<T> {
        const name = new URL(ctx.config.databaseUrl!).pathname.slice(1);
        await ctx.handle.db.execute(sql`
          create function slow_insert() returns trigger language plpgsql as $$
          begin perform pg_sleep(10); return new; end $$`);
        await ctx.handle.db.execute(
          sql.raw(`create trigger slow_insert before insert on "${table}" for each row execute function slow_insert()`),
        );
        const inserting = async () =>
          (
            await onServer(
              SERVER_POSTGRES_URL,
              `select 1 from pg_stat_activity where datname = '${name}' and query like 'insert into "${table}"%'`,
            )
          ).rowCount;
        try {
          const sent = send();
          for (let i = 0; i < 100 && !(await inserting()); i++) await pause(100);
          const reachable = await outOfReach();
          const answer = await sent;
          await reachable();
          return answer;
        } finally {
          await ctx.handle.db.execute(sql.raw(`drop trigger if exists slow_insert on "${table}"`));
          await ctx.handle.db.execute(sql`drop function if exists slow_insert()`);
        }
      }

      it("a sign-up whose database goes out of reach while the account is being written: asked to try again in a minute (what was typed kept), not better-auth's 'Failed to create user', on the page and from the HTTP API", async () => {
        // The account's insert waits, so that the database can go while it is under way: better-auth catches the
        // lost connection itself and answers its own 422, without the error that says why.
        const page = await goneWhileInserting("user", () =>
          callRoute(signInAction, "/auth", {
            form: formOf({ intent: "sign-up", fullName: "Ada Midway", email: "ada.midway@example.com", password }),
            headers: { origin: ORIGIN, "x-atelier-client-ip": "198.51.100.83" },
          }),
        );
        expect(page.status).toBe(503);
        expect(page.body).toMatchObject({
          ok: false,
          error:
            "Your account could not be created just now. Please try again in a minute: what you typed is kept, apart from the password.",
          values: { fullName: "Ada Midway", email: "ada.midway@example.com" },
        });

        const api = await goneWhileInserting("user", () =>
          auth().handler(
            new Request(`${ORIGIN}/api/auth/sign-up/email`, {
              method: "POST",
              headers: { origin: ORIGIN, "content-type": "application/json", "x-atelier-client-ip": "198.51.100.84" },
              body: JSON.stringify({ name: "Ben Midway", email: "ben.midway@example.com", password }),
            }),
          ),
        );
        expect(api.status).toBe(503);
        expect(api.headers.get("retry-after")).toBe("30");
        expect(await api.json()).toEqual({
          code: "DATABASE_UNAVAILABLE",
          message: "The site is briefly unavailable. Please try again in a moment.",
        });
      });

      it("a sign-up whose database goes out of reach between the account and its password: nothing of it is kept, so signing up again works", async () => {
        // better-auth writes the user, then its credential account (the password). Both are one transaction: a
        // user row left without its password said "an account exists" to every later sign-up.
        const email = "cy.halfway@example.com";
        const form = () => formOf({ intent: "sign-up", fullName: "Cy Halfway", email, password });
        const headers = { origin: ORIGIN, "x-atelier-client-ip": "198.51.100.85" };
        const answer = await goneWhileInserting("account", () =>
          callRoute(signInAction, "/auth", { form: form(), headers }),
        );
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ ok: false, values: { fullName: "Cy Halfway", email } });
        expect(await queryRows(ctx.handle.db, sql`select id from "user" where email = ${email}`)).toEqual([]);

        const again = await callRoute(signInAction, "/auth", { form: form(), headers });
        expect(again.status).toBe(302);
        const signedIn = await callRoute(signInAction, "/auth", {
          form: formOf({ intent: "sign-in", email, password, remember: "on" }),
          headers,
        });
        expect(signedIn.status).toBe(302);
        expect(signedIn.setCookie).toContain("session_token=");
      });

      it("better-auth's HTTP API answers 503 with Retry-After while the database is out of reach: JSON for a client, the sentence for a browser following a link", async () => {
        const log = complaints();
        try {
          const reachable = await outOfReach();
          const api = await auth().handler(
            new Request(`${ORIGIN}/api/auth/sign-in/email`, {
              method: "POST",
              headers: { origin: ORIGIN, "content-type": "application/json", "x-atelier-client-ip": "198.51.100.83" },
              body: JSON.stringify({ email: "reader@example.com", password }),
            }),
          );
          const link = await auth().handler(
            new Request(`${ORIGIN}/api/auth/magic-link/verify?token=not-a-token&callbackURL=%2F`, {
              headers: { accept: "text/html,application/xhtml+xml", "x-atelier-client-ip": "198.51.100.83" },
            }),
          );
          await reachable();
          expect(api.status).toBe(503);
          expect(api.headers.get("retry-after")).toBe("30");
          expect(api.headers.get("content-type")).toMatch(/^application\/json/);
          expect(await api.json()).toEqual({
            code: "DATABASE_UNAVAILABLE",
            message: "The site is briefly unavailable. Please try again in a moment.",
          });
          expect(link.status).toBe(503);
          expect(link.headers.get("retry-after")).toBe("30");
          expect(link.headers.get("content-type")).toMatch(/^text\/plain/);
          expect(await link.text()).toBe("The site is briefly unavailable. Please try again in a moment.");
          expect(log.said().filter((line) => !/once a minute/.test(line))).toEqual([]);
        } finally {
          log.restore();
        }
      });

      it("an account form sent while the database is out of reach: asked to try again beside that form, what was typed kept, never a password", async () => {
        const cookie = await newAccount("account.holder@example.com", "Ada Holder", "198.51.100.84");
        const send = (fields: Record<string, string>) =>
          callRoute(accountAction, "/account", { form: formOf(fields), cookie, headers: { origin: ORIGIN } });

        const reachable = await outOfReach();
        const renamed = await send({ intent: "name", fullName: "Ada Renamed" });
        const moved = await send({ intent: "email", newEmail: "ada.moved@example.com", password });
        await reachable();
        for (const answer of [renamed, moved]) {
          expect(answer.status).toBe(503);
          expect(answer.retryAfter).toBe("30");
          expect(JSON.stringify(answer.body)).not.toContain(password);
        }
        const error =
          "This could not be saved just now. Please try again in a minute: what you typed is kept, apart from passwords.";
        expect(renamed.body).toMatchObject({ ok: false, intent: "name", error, values: { fullName: "Ada Renamed" } });
        expect(moved.body).toMatchObject({
          ok: false,
          intent: "email",
          error,
          values: { newEmail: "ada.moved@example.com" },
        });

        expect(await send({ intent: "name", fullName: "Ada Renamed" })).toMatchObject({
          status: 200,
          body: { ok: true, message: "Your name is saved." },
        });
      });
    });
  },
);
