import { createServer, type AddressInfo, type Socket } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs, mailOutbox, notifications, user, userRoles } from "~/db/schema";
import { createLogger } from "~/logger.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { deliverMail, requeueMail, sendMail, smtpOptions } from "~/modules/mail/mail.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { services, setServices } from "~/services.server";
import { decodeMime, mimeAttachment, startSmtpPeer, type SmtpPeer } from "../support/smtp-peer";
import { BACKENDS, useTestServices, type SuiteContext } from "../support/harness";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

async function makeDue(ctx: SuiteContext) {
  await ctx.handle.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });
}

describe.each(BACKENDS)("mail through a real SMTP server on %s", (backend) => {
  let peer: SmtpPeer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });
  const ctx = useTestServices(backend, () => ({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "Mara Ellison Studio <studio@maraellison.art>",
  }));
  beforeAll(() => saveSettings({ siteTitle: "Mara Ellison", artistName: "Mara Ellison" }));
  afterAll(() => peer?.close());

  it("keeps a message while the mail server is down, retries with backoff, and delivers it once it is up", async () => {
    const id = await sendMail("collector@example.com", "password-reset", {
      url: "http://localhost:3000/auth?reset=true&token=abc123",
      minutes: 60,
    });
    await runDueJobs();
    const [pending] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.lastError).toMatch(/ECONNREFUSED/);
    const [job] = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, "mail.deliver"));
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    peer = await startSmtpPeer(port);
    await makeDue(ctx);
    await runDueJobs();
    const mail = await peer.waitFor((m) => m.to.includes("collector@example.com"));
    expect(mail.from).toBe("studio@maraellison.art");
    const body = decodeMime(mail.raw);
    expect(body).toContain("Subject: Reset your password for Mara Ellison");
    expect(body).toContain("http://localhost:3000/auth?reset=true&token=abc123");
    expect(body).toContain("Content-Type: text/plain");
    expect(body).toContain("Content-Type: text/html");
    const [sent] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();
    // Delivered, the outbox keeps no copy of the reset link (security review #26).
    expect(`${sent!.html}${sent!.text}`).not.toContain("token=abc123");
    expect(sent!.text).toMatch(/^\(Removed after delivery/);

    // Delivered once: running the jobs again sends nothing more.
    await makeDue(ctx);
    await runDueJobs();
    expect(peer.received.filter((m) => m.to.includes("collector@example.com"))).toHaveLength(1);
  });

  it("draws an attachment when the message goes out, and keeps the message to retry when it cannot be drawn", async () => {
    const attachment = (id: string) => ({
      filename: `Certificate-${id}.pdf`,
      contentType: "application/pdf",
      draw: { kind: "certificate" as const, id },
    });
    const drawn = await sendMail("drawn@example.com", "inquiry-received", {}, undefined, [attachment("7")]);
    const undrawable = await sendMail("later@example.com", "inquiry-received", {}, undefined, [attachment("gone")]);
    const drawers = {
      certificate: (id: string) =>
        id === "gone"
          ? Promise.reject(new Error("There is no certificate gone."))
          : Promise.resolve(Buffer.from(`#${id}`)),
    };
    await deliverMail(drawn, drawers);
    await expect(deliverMail(undrawable, drawers)).rejects.toThrow("There is no certificate gone.");

    const mail = await peer.waitFor((m) => m.to.includes("drawn@example.com"));
    expect(mimeAttachment(mail.raw, /^Certificate-7\.pdf$/).bytes.toString()).toBe("#7");
    const [kept] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, undrawable));
    expect(kept).toMatchObject({ status: "pending", attempts: 1, lastError: "There is no certificate gone." });
    expect(peer.received.filter((m) => m.to.includes("later@example.com"))).toHaveLength(0);
  });
  it("delivers a sign-in link before the mails to a list queued ahead of it (alerts, a newsletter's batch)", async () => {
    await ctx.handle.db.delete(jobs); // nothing else in line
    const alerts = [];
    for (let n = 0; n < 3; n++)
      alerts.push(
        await sendMail(`fan${n}@example.com`, "work-alert", {
          kind: "new-work" as const,
          title: "Tidewater",
          url: "http://localhost:3000/artwork/1",
          unsubscribeUrl: `http://localhost:3000/alerts/unsubscribe?id=${n}`,
        }),
      );
    // Queued a minute ago: they are first in line by time.
    await ctx.handle.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          jobs.dedupeKey,
          alerts.map((id) => `mail:${id}`),
        ),
      );
    await sendMail("collector@example.com", "magic-link", {
      url: "http://localhost:3000/auth?token=first",
      minutes: 10,
    });

    expect(await runDueJobs(1)).toBe(1);
    await peer.waitFor((m) => m.to.includes("collector@example.com") && decodeMime(m.raw).includes("token=first"));
    const waiting = await ctx.handle.db.select().from(mailOutbox).where(inArray(mailOutbox.id, alerts));
    expect(waiting.map((m) => m.status)).toEqual(["pending", "pending", "pending"]);

    await runDueJobs();
    await peer.waitFor((m) => m.to.includes("fan2@example.com"));
  });
});

/** A mail server that takes connections and never says a word (a provider in trouble, a tarpit). */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => void connections.push(socket));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of connections) socket.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe("the mail server's timeouts", () => {
  it("wait 15 s to connect and for the greeting and 60 s of silence, not nodemailer's 2 and 10 minutes; SMTP_URL may set them", () => {
    expect(smtpOptions("smtp://mail.example.com:587")).toMatchObject({
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    const transport = createTransport(smtpOptions("smtp://mail.example.com:587?socketTimeout=5000"));
    expect(transport.options).toMatchObject({ host: "mail.example.com", socketTimeout: 5000, greetingTimeout: 15_000 });
  });
});

describe.each(BACKENDS)("a mail server that never answers on %s", (backend) => {
  const ctx = useTestServices(backend);
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(() => silent.close());
  const useSmtp = (url: string) => setServices({ ...services(), config: { ...services().config, smtpUrl: url } });

  it("counts its silence as a failed attempt and keeps the message to try again", async () => {
    const saved = services();
    useSmtp(`${silent.url}?greetingTimeout=300`);
    try {
      const id = await sendMail("quiet@example.com", "inquiry-received", {});
      await runDueJobs();
      const [row] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toMatch(/greeting/i);
    } finally {
      setServices(saved);
    }
  });
});

describe.each(BACKENDS)("mail without SMTP_URL on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("logs the recipient and subject (never the link) and keeps the message in the outbox", async () => {
    const lines: string[] = [];
    const logger = createLogger("info");
    const capture = logger.child({});
    capture.info = (obj: unknown, msg?: string) => {
      lines.push(JSON.stringify({ obj, msg }));
    };
    setServices({ ...services(), logger: capture });
    const id = await sendMail("artist@example.com", "magic-link", {
      url: "http://localhost:3000/api/auth/magic-link/verify?token=SECRET-TOKEN",
      minutes: 10,
    });
    await runDueJobs();
    const [row] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "logged", toAddress: "artist@example.com" });
    expect(row!.text).toContain("SECRET-TOKEN");
    expect(lines.join("\n")).toContain("artist@example.com");
    expect(lines.join("\n")).toContain("Your sign-in link for");
    expect(lines.join("\n")).not.toContain("SECRET-TOKEN");
  });
});

describe.each(BACKENDS)("the outbox on %s: the artist told of failures, retry and send again", (backend) => {
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });
  const ctx = useTestServices(backend, () => ({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
  beforeAll(async () => {
    await ctx.handle.db.insert(user).values({ id: "u-artist", name: "Mara", email: "mara@example.com" });
    await ctx.handle.db.insert(userRoles).values({ userId: "u-artist", role: "admin" });
  });

  it("tells the artist once a delivery keeps failing, then delivers it on Retry", async () => {
    const id = await sendMail("buyer@example.com", "inquiry-received", {});
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue(ctx);
      await runDueJobs();
    }
    const told = await ctx.handle.db.select().from(notifications).where(eq(notifications.userId, "u-artist"));
    expect(told).toMatchObject([
      {
        type: "warning",
        priority: "high",
        title: "An e-mail to buyer@example.com is not going out",
        link: "/admin/outbox",
        message: expect.stringMatching(/ECONNREFUSED/) as unknown,
      },
    ]);

    // Given up (as after a day of retries), then retried by hand once the mail server is back.
    await ctx.handle.db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, id));
    await ctx.handle.db.update(jobs).set({ doneAt: new Date() });
    const peer = await startSmtpPeer(port);
    try {
      expect(await requeueMail(id, "resend")).toMatchObject({ ok: true });
      // Resend of a failed message is a copy; Retry sends this one.
      expect(await requeueMail(id, "retry")).toEqual({
        ok: true,
        message: "Trying again to deliver “We received your message to The Artist” to buyer@example.com.",
      });
      await runDueJobs();
      await peer.waitFor((m) => m.to.includes("buyer@example.com"));
      const [row] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      expect(await requeueMail(id, "retry")).toEqual({
        ok: false,
        error: "Only a failed or waiting message can be retried.",
      });
      // A copy keeps the original's headers: a newsletter sent again can still be left in one click.
      const unsubscribe = {
        "List-Unsubscribe": "<https://example.com/u/1>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      };
      const issue = await sendMail("reader@example.com", "inquiry-received", {}, undefined, [], unsubscribe);
      await runDueJobs();
      expect(await requeueMail(issue, "resend")).toMatchObject({ ok: true });
      await runDueJobs();
      await vi.waitFor(() => expect(peer.received.filter((m) => m.to.includes("reader@example.com"))).toHaveLength(2));
      for (const mail of peer.received.filter((m) => m.to.includes("reader@example.com")))
        expect(mail.raw).toContain("List-Unsubscribe: <https://example.com/u/1>");
      // A delivered sign-in link is never sent again: its body is gone.
      const link = await sendMail("buyer@example.com", "magic-link", { url: "http://x/?token=T", minutes: 10 });
      await runDueJobs();
      expect(await requeueMail(link, "resend")).toMatchObject({ ok: false, error: /cannot be sent again/ });
    } finally {
      await peer.close();
    }
  });
});
