// Account flows through better-auth with our hooks: confirmation before sign-in, no hint whether an address
// is registered, the password policy everywhere a password is set, throttling per address and per e-mail
// (also for server-side calls), the second factor after a magic link, sign-in alerts, first-run setup.
import { eq, sql } from "drizzle-orm";
import { TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { rateLimits, mailOutbox, profiles, session, user, userRoles, verification } from "~/db/schema";
import {
  hasAdministrator,
  issueSetupToken,
  noteSignIn,
  setFullName,
  setupTokenIsValid,
} from "~/modules/auth/accounts.server";
import { ACCOUNT_CHANGE_PATHS, auth, SIGN_IN_ANY_RATE_LIMIT } from "~/modules/auth/auth.server";
import { handleAccountAction, loadAccountPage } from "~/modules/auth/account-page.server";
import {
  createOrPromoteAdministrator,
  requestPasswordReset,
  resetPassword,
  sendPhoneCode,
  setUpFirstAdministrator,
  signInWithPassword,
  signUpWithPassword,
  verifySecondFactor,
} from "~/modules/auth/flows.server";
import { getAuthContext } from "~/modules/auth/session.server";
import { createSmsSender } from "~/modules/auth/sms.server";
import { services, setServices } from "~/services.server";
import { action as accountAction } from "~/routes/account/account";
import { startTwilioStandIn, type TwilioStandIn } from "../support/twilio-standin";
import { cookieOf } from "../support/admin-session";
import { formOf } from "../support/form";
import { BACKENDS, useTestServices, type SuiteContext } from "../support/harness";

const ORIGIN = "http://localhost:3000";
let ipCounter = 0;

/** A browser's request from its own address (each test gets one, so address limits don't interfere). */
function browser(ip = `10.1.0.${++ipCounter}`, cookie = ""): Request {
  return new Request(`${ORIGIN}/auth`, {
    method: "POST",
    headers: {
      origin: ORIGIN,
      "x-atelier-client-ip": ip,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36",
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** The account page's action posted with `fields`, from a browser at `ip` holding `cookie`. */
const postAccountForm = (fields: Record<string, string>, cookie: string, ip: string) =>
  handleAccountAction(
    new Request(`${ORIGIN}/account`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "x-atelier-client-ip": ip },
    }),
    formOf(fields),
  );

async function mails(ctx: SuiteContext, to: string) {
  return ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}

function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text.split("\n").find((l) => l.includes("http") && !l.includes("·")) ?? "");
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return match[0];
}

/** Follows an e-mailed better-auth link the way a browser would, without following the redirect. */
async function follow(link: string, cookie = "") {
  const response = await auth().handler(
    new Request(link, { headers: { "x-atelier-client-ip": "10.9.9.9", ...(cookie ? { cookie } : {}) } }),
  );
  return { status: response.status, location: response.headers.get("location") ?? "", headers: response.headers };
}

/** Sends the sign-up form as a new visitor with no session, who goes back to the home page once signed in. */
const signUp = (email: string, password: string, fullName = "") =>
  signUpWithPassword(browser(), { email, password, fullName, returnTo: "/" });

/** Signs up, confirms through the mailed link, and returns the session cookie. */
async function confirmedUser(ctx: SuiteContext, email: string, password: string, name = "") {
  const signedUp = await signUp(email, password, name);
  expect(signedUp.ok).toBe(true);
  const [mail] = (await mails(ctx, email)).filter((m) => m.template === "email-verification");
  const confirmed = await follow(linkIn(mail!.text));
  expect(confirmed.status).toBe(302);
  return cookieOf(confirmed.headers);
}

/** Turns on an authenticator app for the signed-in user of `headers`; answers the headers of the code's check. */
async function turnOnTotp(headers: Headers, password: string): Promise<Headers> {
  const enabled = await auth().api.enableTwoFactor({ body: { password }, headers, returnHeaders: true });
  const secret = new URL((enabled.response as { totpURI: string }).totpURI).searchParams.get("secret")!;
  const code = new TOTP({ secret, digits: 6, period: 30 }).generate();
  return (await auth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true })).headers;
}

/** Runs `fn` with the real Twilio adapter talking to a stand-in that speaks Twilio's Messages API on loopback. */
async function withTwilio(fn: (twilio: TwilioStandIn) => Promise<void>) {
  const twilio = await startTwilioStandIn();
  const saved = services();
  const config = {
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: "+15005550006",
    apiBase: twilio.url,
  };
  setServices({ ...saved, sms: createSmsSender(config, saved.logger) });
  try {
    await fn(twilio);
  } finally {
    setServices(saved);
    await twilio.close();
  }
}

describe.each(BACKENDS)("account flows on %s", (backend) => {
  const ctx = useTestServices(backend, { PUBLIC_URL: ORIGIN, SMTP_URL: "smtp://127.0.0.1:2525" });

  it("signs up without a session, mails a confirmation link, and signs in once it is followed", async () => {
    const signedUp = await signUpWithPassword(browser(), {
      email: "Iris@Example.com",
      password: "a quiet harbour at dusk",
      fullName: "Iris Vale",
      returnTo: "/account",
    });
    expect(signedUp).toMatchObject({ ok: true });
    expect(signedUp.cookies.getSetCookie().filter((c) => c.includes("session_token="))).toEqual([]);

    const before = await signInWithPassword(browser(), {
      email: "iris@example.com",
      password: "a quiet harbour at dusk",
      remember: true,
    });
    expect(before).toMatchObject({ ok: false, code: "EMAIL_NOT_VERIFIED" });

    const [mail] = (await mails(ctx, "iris@example.com")).filter((m) => m.template === "email-verification");
    const confirmed = await follow(linkIn(mail!.text));
    expect(confirmed.location).toBe(`${ORIGIN}/auth?verified=1&redirectTo=%2Faccount`);
    const context = await getAuthContext(new Request(ORIGIN, { headers: { cookie: cookieOf(confirmed.headers) } }));
    expect(context).toMatchObject({
      user: { email: "iris@example.com", emailVerified: true },
      profile: { fullName: "Iris Vale" },
    });
  });

  it("answers a sign-up for a registered address exactly like a new one, and tells the owner by mail", async () => {
    await confirmedUser(ctx, "taken@example.com", "first owner's passphrase");
    const again = await signUp("taken@example.com", "someone else entirely");
    const fresh = await signUp("fresh@example.com", "someone else entirely");
    expect(again.ok).toBe(true);
    expect(fresh.ok).toBe(true);
    expect((await mails(ctx, "taken@example.com")).map((m) => m.template)).toContain("account-exists");
  });

  it("gives the same error for a wrong password and an unknown address", async () => {
    await confirmedUser(ctx, "known@example.com", "known user passphrase");
    const wrong = await signInWithPassword(browser(), {
      email: "known@example.com",
      password: "not the passphrase",
      remember: false,
    });
    const unknown = await signInWithPassword(browser(), {
      email: "nobody@example.com",
      password: "not the passphrase",
      remember: false,
    });
    expect(wrong).toMatchObject({ ok: false, code: "INVALID_EMAIL_OR_PASSWORD" });
    expect(unknown).toMatchObject({ ok: false, code: "INVALID_EMAIL_OR_PASSWORD" });
    expect(wrong.ok ? "" : wrong.message).toBe(unknown.ok ? "" : unknown.message);
  });

  it("refuses common passwords on sign-up, reset and change", async () => {
    const weak = await signUp("weak@example.com", "Password2024!");
    expect(weak).toMatchObject({ ok: false, code: "PASSWORD_TOO_COMMON" });
    expect(weak.ok ? "" : weak.message).toMatch(/too common/);
    expect(await ctx.handle.db.select().from(user).where(eq(user.email, "weak@example.com"))).toEqual([]);

    const cookie = await confirmedUser(ctx, "changer@example.com", "changer's first passphrase");
    await expect(
      auth().api.changePassword({
        body: { currentPassword: "changer's first passphrase", newPassword: "qwertyuiop123" },
        headers: new Headers({ cookie, "x-atelier-client-ip": "10.2.0.1" }),
      }),
    ).rejects.toMatchObject({ body: { code: "PASSWORD_TOO_COMMON" } });

    expect((await requestPasswordReset(browser(), { email: "changer@example.com" })).ok).toBe(true);
    const [mail] = (await mails(ctx, "changer@example.com")).filter((m) => m.template === "password-reset");
    const landed = await follow(linkIn(mail!.text));
    const landing = new URL(landed.location);
    expect(landing.pathname + landing.searchParams.get("reset")).toBe("/authtrue");
    const token = landing.searchParams.get("token")!;
    expect(await resetPassword(browser(), { token, password: "iloveyou2024" })).toMatchObject({
      ok: false,
      code: "PASSWORD_TOO_COMMON",
    });
    expect(await resetPassword(browser(), { token, password: "a brand new passphrase" })).toMatchObject({ ok: true });
    expect(
      await signInWithPassword(browser(), {
        email: "changer@example.com",
        password: "a brand new passphrase",
        remember: true,
      }),
    ).toMatchObject({ ok: true });
    expect(await resetPassword(browser(), { token, password: "another new passphrase" })).toMatchObject({
      ok: false,
      code: "INVALID_TOKEN",
    });
  });

  it("throttles sign-in per address: the 11th attempt in a minute is refused, even with the right password", async () => {
    await confirmedUser(ctx, "limited@example.com", "limited user passphrase");
    const ip = "10.3.0.1";
    for (let i = 0; i < 10; i++) {
      const result = await signInWithPassword(browser(ip), {
        email: `guess${i}@example.com`,
        password: "wrong passphrase",
        remember: false,
      });
      expect(result).toMatchObject({ ok: false, code: "INVALID_EMAIL_OR_PASSWORD" });
    }
    const eleventh = await signInWithPassword(browser(ip), {
      email: "limited@example.com",
      password: "limited user passphrase",
      remember: false,
    });
    expect(eleventh).toMatchObject({ ok: false, code: "TOO_MANY_ATTEMPTS", status: 429 });
    expect(eleventh.ok ? "" : eleventh.message).toBe("Too many attempts. Please wait a minute and try again.");
    // Another address is not affected; the window is kept in the database.
    expect(
      await signInWithPassword(browser("10.3.0.2"), {
        email: "limited@example.com",
        password: "limited user passphrase",
        remember: false,
      }),
    ).toMatchObject({ ok: true });
    const rows = await ctx.handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `ip:/sign-in/email:${ip}`));
    expect(rows[0]?.hits).toBe(11);
  });

  it("counts only failed sign-ins: the owner signing in again and again is never refused, a guesser still is", async () => {
    await confirmedUser(ctx, "often@example.com", "often signed in passphrase");
    const right = { email: "often@example.com", password: "often signed in passphrase", remember: false };
    // More than the address's 10 a minute and the e-mail's 10 in 15 minutes, all with the right password.
    for (let i = 0; i < 12; i++)
      expect(await signInWithPassword(browser("10.3.1.1"), right)).toMatchObject({ ok: true });
    // Wrong passwords still count, and once over the limit even the right one waits.
    for (let i = 0; i < 10; i++) {
      const wrong = await signInWithPassword(browser("10.3.1.1"), { ...right, password: `wrong guess ${i}` });
      expect(wrong).toMatchObject({ ok: false, code: "INVALID_EMAIL_OR_PASSWORD" });
    }
    expect(await signInWithPassword(browser("10.3.1.1"), right)).toMatchObject({
      ok: false,
      code: "TOO_MANY_ATTEMPTS",
    });
    // The account's e-mail counted the same ten, from another address too.
    expect(await signInWithPassword(browser("10.3.1.2"), right)).toMatchObject({
      ok: false,
      code: "TOO_MANY_ATTEMPTS",
    });
  });

  it("caps right sign-ins too, at 120 a minute per address (each costs a password hash)", async () => {
    await confirmedUser(ctx, "busy@example.com", "busy signed in passphrase");
    const right = { email: "busy@example.com", password: "busy signed in passphrase", remember: false };
    await ctx.handle.db.insert(rateLimits).values({
      key: "any-ip:/sign-in/email:10.3.2.1",
      hits: SIGN_IN_ANY_RATE_LIMIT.max,
      windowStartedAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await signInWithPassword(browser("10.3.2.1"), right)).toMatchObject({
      ok: false,
      code: "TOO_MANY_ATTEMPTS",
    });
    expect(await signInWithPassword(browser("10.3.2.2"), right)).toMatchObject({ ok: true });
  });

  it("mails one inbox at most 20 sign-in, reset and confirmation links a day, however its 15-minute windows pass", async () => {
    const answers: boolean[] = [];
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 3; i++)
        answers.push((await requestPasswordReset(browser(), { email: "daily+x@example.com" })).ok);
      // A quarter of an hour later: the 15-minute window is over.
      await ctx.handle.db.execute(sql`delete from rate_limits where key like 'email:/request-password-reset:%'`);
    }
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(answers.slice(20)).toEqual([false, false, false, false]);
  });

  it("throttles per e-mail address across client addresses (reset mails: 3 in 15 minutes)", async () => {
    for (let i = 0; i < 3; i++)
      expect((await requestPasswordReset(browser(`10.4.0.${i}`), { email: "bombed@example.com" })).ok).toBe(true);
    const fourth = await requestPasswordReset(browser("10.4.0.9"), { email: "BOMBED@example.com" });
    expect(fourth).toMatchObject({ ok: false, code: "TOO_MANY_ATTEMPTS" });
  });

  it("asks for the second factor after a magic link when a verified TOTP factor exists", async () => {
    const cookie = await confirmedUser(ctx, "totp@example.com", "totp user passphrase");
    const headers = new Headers({ cookie, "x-atelier-client-ip": "10.5.0.1" });
    await turnOnTotp(headers, "totp user passphrase");

    await auth().api.signInMagicLink({
      body: { email: "totp@example.com", callbackURL: `${ORIGIN}/account` },
      headers: new Headers({ origin: ORIGIN, "x-atelier-client-ip": "10.5.0.2" }),
    });
    const [mail] = (await mails(ctx, "totp@example.com")).filter((m) => m.template === "magic-link");
    const landed = await follow(linkIn(mail!.text));
    expect(landed.status).toBe(302);
    expect(landed.location).toBe(`${ORIGIN}/auth?step=two-factor&methods=totp&redirectTo=%2Faccount`);
    // No session came with it; only the two-factor step's cookie.
    const cookies = landed.headers.getSetCookie();
    expect(cookies.some((c) => /session_token=[^;]+;/.test(c) && !/Max-Age=0/.test(c))).toBe(false);
    expect(cookies.some((c) => c.includes("two_factor="))).toBe(true);
  });

  it("changing the address or a phone factor needs the current password; without one, a recent sign-in (security item 9)", async () => {
    const cookie = await confirmedUser(ctx, "careful@example.com", "the careful owner's passphrase");
    const submit = (fields: Record<string, string>, cookies = cookie) => postAccountForm(fields, cookies, "10.11.0.1");
    expect(await submit({ intent: "email", newEmail: "thief@example.com" })).toMatchObject({
      status: 400,
      fieldErrors: { password: "Enter your password." },
    });
    expect(await submit({ intent: "email", newEmail: "thief@example.com", password: "a guess" })).toMatchObject({
      status: 400,
      fieldErrors: { password: "Your current password is not right." },
    });
    expect(
      await submit({ intent: "phone-start", friendlyName: "Thief", phone: "+15557770000", password: "a guess" }),
    ).toMatchObject({ status: 400, fieldErrors: { password: "Your current password is not right." } });
    expect((await mails(ctx, "thief@example.com")).length).toBe(0);
    expect(
      await submit({
        intent: "email",
        newEmail: "careful.new@example.com",
        password: "the careful owner's passphrase",
      }),
    ).toMatchObject({
      status: 200,
      message: "We have sent a link to careful.new@example.com. Your address changes when you open it.",
    });

    // An account without a password (e-mailed links) confirms by a recent sign-in: an old session is refused.
    await auth().api.signInMagicLink({
      body: { email: "linkonly@example.com", callbackURL: `${ORIGIN}/account` },
      headers: new Headers({ origin: ORIGIN, "x-atelier-client-ip": "10.11.0.2" }),
    });
    const [link] = (await mails(ctx, "linkonly@example.com")).filter((m) => m.template === "magic-link");
    const linkCookie = cookieOf((await follow(linkIn(link!.text))).headers);
    const fresh = await submit({ intent: "email", newEmail: "linkonly.new@example.com", password: "-" }, linkCookie);
    expect(fresh).toMatchObject({ status: 200 });
    await ctx.handle.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(
        eq(session.userId, (await getAuthContext(new Request(ORIGIN, { headers: { cookie: linkCookie } })))!.user.id),
      );
    expect(
      await submit({ intent: "email", newEmail: "linkonly.other@example.com", password: "-" }, linkCookie),
    ).toMatchObject({ status: 403, error: "For your security, please sign in again before changing this." });
  });

  it("saves a new name in the account and its profile together, in one transaction", async () => {
    const cookie = await confirmedUser(ctx, "renamed@example.com", "the renamed owner's passphrase", "Old Name");
    const id = (await getAuthContext(new Request(ORIGIN, { headers: { cookie } })))!.user.id;
    const names = async () => ({
      account: (await ctx.handle.db.select({ name: user.name }).from(user).where(eq(user.id, id)))[0]?.name,
      profile: (await ctx.handle.db.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, id)))[0]
        ?.name,
    });
    expect(await postAccountForm({ intent: "name", fullName: "Iris Renamed" }, cookie, "10.11.0.9")).toMatchObject({
      status: 200,
      message: "Your name is saved.",
    });
    expect(await names()).toEqual({ account: "Iris Renamed", profile: "Iris Renamed" });
    // The one function every path (sign-up, setup, the account page) saves a name with writes both.
    await setFullName(id, "Iris Vale");
    expect(await names()).toEqual({ account: "Iris Vale", profile: "Iris Vale" });
  });

  it("a change-of-address link opened without a session still asks for the second factor (security item 9)", async () => {
    const cookie = await confirmedUser(ctx, "moving@example.com", "moving house passphrase");
    const headers = new Headers({ cookie, "x-atelier-client-ip": "10.12.0.1" });
    const verified = await turnOnTotp(headers, "moving house passphrase");
    // Turning two-factor on gives the browser a new session.
    const after = new Headers({ cookie: cookieOf(verified) || cookie, "x-atelier-client-ip": "10.12.0.1" });
    await auth().api.changeEmail({ body: { newEmail: "moved@example.com", callbackURL: "/account" }, headers: after });
    // The old address confirms the change, then the new one verifies it: both links, opened in another browser.
    const [confirmation] = await mails(ctx, "moving@example.com").then((all) =>
      all.filter((m) => m.template === "email-verification"),
    );
    expect((await follow(linkIn(confirmation!.text))).status).toBe(302);
    const [verification] = (await mails(ctx, "moved@example.com")).filter((m) => m.template === "email-verification");
    const landed = await follow(linkIn(verification!.text));
    expect(landed.status).toBe(302);
    expect(landed.location).toMatch(/\/auth\?step=two-factor&methods=totp/);
    const cookies = landed.headers.getSetCookie();
    expect(cookies.some((c) => /session_token=[^;]+;/.test(c) && !/Max-Age=0/.test(c))).toBe(false);
  });

  it("refuses a name over 120 characters at sign-up over HTTP too, as the form does", async () => {
    const signUpOverHttp = (name: string, email: string) =>
      auth().handler(
        new Request(`${ORIGIN}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/json", "x-atelier-client-ip": "10.13.0.2" },
          body: JSON.stringify({ name, email, password: "a long and quiet studio passphrase" }),
        }),
      );
    const refused = await signUpOverHttp("x".repeat(15_000), "long.name@example.com");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "Keep your name under 120 characters." });
    expect(await ctx.handle.db.select().from(user).where(eq(user.email, "long.name@example.com"))).toEqual([]);
    // Spaces count: the name would be stored with them.
    expect((await signUpOverHttp(`a${" ".repeat(15_000)}`, "padded.name@example.com")).status).toBe(400);
    expect((await signUpOverHttp("y".repeat(120), "fits@example.com")).status).toBe(200);
  });

  it("better-auth's account-changing endpoints are not served over HTTP, even with a session (security item 9)", async () => {
    const cookie = await confirmedUser(ctx, "direct@example.com", "direct caller passphrase");
    for (const path of ACCOUNT_CHANGE_PATHS) {
      const response = await auth().handler(
        new Request(`${ORIGIN}/api/auth${path}`, {
          method: "POST",
          headers: { cookie, origin: ORIGIN, "content-type": "application/json", "x-atelier-client-ip": "10.13.0.1" },
          body: JSON.stringify({ newEmail: "stolen@example.com", password: "x", name: "x" }),
        }),
      );
      expect(response.status, path).toBe(404);
    }
    const context = await getAuthContext(new Request(ORIGIN, { headers: { cookie } }));
    expect(context?.user.email).toBe("direct@example.com");
  });

  it("keeps reset and magic-link tokens hashed at rest: the database never holds the token a mail carries (security item 14)", async () => {
    await confirmedUser(ctx, "hashed@example.com", "hashed tokens passphrase");
    await requestPasswordReset(browser(), { email: "hashed@example.com" });
    await auth().api.signInMagicLink({
      body: { email: "hashed@example.com", callbackURL: `${ORIGIN}/account` },
      headers: new Headers({ origin: ORIGIN, "x-atelier-client-ip": "10.14.0.1" }),
    });
    const sent = (await mails(ctx, "hashed@example.com")).filter((m) =>
      ["password-reset", "magic-link"].includes(m.template),
    );
    expect(sent).toHaveLength(2);
    const tokens = sent.map((m) => {
      const link = new URL(linkIn(m.text));
      return link.searchParams.get("token") ?? link.pathname.split("/").pop()!;
    });
    const stored = await ctx.handle.db.select().from(verification);
    const everything = JSON.stringify(stored);
    for (const token of tokens) {
      expect(token.length).toBeGreaterThan(16);
      expect(everything).not.toContain(token);
    }
    // And the links still work: the magic link signs in.
    const magic = sent.find((m) => m.template === "magic-link")!;
    expect((await follow(linkIn(magic.text))).location).toBe(`${ORIGIN}/account`);
  });

  it("mails a sign-in alert for a new browser of an account that signed in elsewhere before, not otherwise", async () => {
    const [row] = await ctx.handle.db
      .insert(user)
      .values({ id: "alert-user", email: "alert@example.com", emailVerified: true })
      .returning();
    const first = await noteSignIn({ userId: row!.id, userAgent: "Firefox/133.0 (Windows)", ipAddress: "203.0.113.7" });
    const same = await noteSignIn({ userId: row!.id, userAgent: "Firefox/133.0 (Windows)", ipAddress: "203.0.113.7" });
    const other = await noteSignIn({
      userId: row!.id,
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1",
      ipAddress: "198.51.100.4",
    });
    expect([first, same, other]).toEqual([false, false, true]);
    const alerts = (await mails(ctx, "alert@example.com")).filter((m) => m.template === "sign-in-alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain("Safari on iOS (IP address 198.51.100.4)");
  });

  it("first-run setup: a printed token makes the first administrator once, then stops working", async () => {
    await ctx.handle.db.delete(userRoles);
    expect(await hasAdministrator()).toBe(false);
    const token = await issueSetupToken();
    expect(await setupTokenIsValid(token)).toBe(true);
    expect(await setupTokenIsValid("not-the-token")).toBe(false);

    const weak = await setUpFirstAdministrator(browser(), {
      token,
      email: "owner@example.com",
      password: "letmein123",
      fullName: "Mara Ellison",
    });
    expect(weak).toMatchObject({ ok: false, code: "PASSWORD_TOO_COMMON" });
    expect(await setupTokenIsValid(token)).toBe(true);

    const done = await setUpFirstAdministrator(browser(), {
      token,
      email: "owner@example.com",
      password: "ochre harbour studio",
      fullName: "Mara Ellison",
    });
    expect(done.ok).toBe(true);
    const context = await getAuthContext(new Request(ORIGIN, { headers: { cookie: cookieOf(done.cookies) } }));
    expect(context).toMatchObject({
      role: "admin",
      user: { emailVerified: true },
      profile: { fullName: "Mara Ellison" },
    });
    expect(await setupTokenIsValid(token)).toBe(false);
    const second = await issueSetupToken();
    expect(await setupTokenIsValid(second)).toBe(false);
  });

  it("create-admin creates an administrator; an existing account is promoted only with --promote-existing, password and confirmation untouched", async () => {
    const created = await createOrPromoteAdministrator({
      email: "curator@example.com",
      password: "curator's own passphrase",
      fullName: "Curator",
    });
    expect(created).toMatchObject({ ok: true, data: { created: true } });
    // The operator vouches for the address: no confirmation mail is queued.
    expect(await mails(ctx, "curator@example.com")).toEqual([]);
    await confirmedUser(ctx, "assistant@example.com", "assistant passphrase");
    // Security item 8: an account someone else may have made with that address is not promoted by default.
    const refused = await createOrPromoteAdministrator({
      email: "Assistant@example.com",
      password: "ignored passphrase",
      fullName: "",
    });
    expect(refused).toMatchObject({ ok: false, code: "ACCOUNT_EXISTS", status: 409 });
    expect(refused.ok ? "" : refused.message).toMatch(/--promote-existing/);
    const promoted = await createOrPromoteAdministrator({
      email: "Assistant@example.com",
      password: "ignored passphrase",
      fullName: "",
      promoteExisting: true,
    });
    expect(promoted).toMatchObject({ ok: true, data: { created: false } });
    const signedIn = await signInWithPassword(browser(), {
      email: "assistant@example.com",
      password: "assistant passphrase",
      remember: true,
    });
    expect(signedIn.ok).toBe(true);
    const context = await getAuthContext(new Request(ORIGIN, { headers: { cookie: cookieOf(signedIn.cookies) } }));
    expect(context?.role).toBe("admin");
    // Promoting never confirms an address nobody confirmed.
    expect((await signUp("unconfirmed@example.com", "unconfirmed passphrase")).ok).toBe(true);
    await createOrPromoteAdministrator({
      email: "unconfirmed@example.com",
      password: "ignored passphrase",
      fullName: "",
      promoteExisting: true,
    });
    const [unconfirmed] = await ctx.handle.db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, "unconfirmed@example.com"));
    expect(unconfirmed?.verified).toBe(false);
    expect(
      await createOrPromoteAdministrator({ email: "weakadmin@example.com", password: "administrator", fullName: "" }),
    ).toMatchObject({ ok: false, code: "PASSWORD_TOO_COMMON" });
  });

  it("throttles password checks on the account page per account: the 11th in 15 minutes is refused without a hash (security issue item 6)", async () => {
    const cookie = await confirmedUser(ctx, "guessed@example.com", "the owner's own passphrase");
    const guess = (password: string, ip: string) =>
      (accountAction as (args: unknown) => Promise<unknown>)({
        request: new Request(`${ORIGIN}/account`, {
          method: "POST",
          headers: { cookie, origin: ORIGIN, "x-atelier-client-ip": ip },
          body: new URLSearchParams({ intent: "backup-codes", password }),
        }),
        context: { cspNonce: "test", requestId: "test", clientIp: ip },
        params: {},
      });
    for (let i = 0; i < 10; i++) {
      const answer = (await guess(`guess number ${i}`, `10.7.0.${i + 1}`)) as {
        data: { fieldErrors?: { password?: string } };
      };
      expect(typeof answer.data.fieldErrors?.password).toBe("string");
    }
    // From yet another address, and now even the right password: refused, the window counts for the account.
    const refused = (await guess("the owner's own passphrase", "10.7.0.99")) as { data: { error?: string } };
    expect(refused.data.error).toMatch(/^Too many attempts\. Please wait/);
  });

  it("texts at most 5 codes an hour to one number (SMS pumping, security issue item 6)", async () => {
    await withTwilio(async (twilio) => {
      const cookie = await confirmedUser(ctx, "pump@example.com", "pumping texts passphrase");
      const start = (i: number) =>
        postAccountForm(
          {
            intent: "phone-start",
            friendlyName: "Premium line",
            phone: "+15559990000",
            password: "pumping texts passphrase",
          },
          cookie,
          `10.8.0.${i + 1}`,
        );
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await start(i));
      expect(twilio.messages.filter((m) => m.to === "+15559990000")).toHaveLength(5);
      // Past the limit the page says plainly that no code was texted.
      const last = answers.at(-1) as { fieldErrors?: { phone?: string } };
      expect(last.fieldErrors?.phone).toMatch(/could not text a code/);
    });
  });

  it("a phone factor: enrolled with a code texted through Twilio's API, then asked for at sign-in", async () => {
    await withTwilio(async (twilio) => {
      const texts = twilio.messages;
      const cookie = await confirmedUser(ctx, "phone@example.com", "phone owner passphrase");
      const submit = (fields: Record<string, string>, cookies = cookie) => postAccountForm(fields, cookies, "10.6.0.1");
      const started = await submit({
        intent: "phone-start",
        friendlyName: "Work phone",
        phone: "+15551234567",
        password: "phone owner passphrase",
      });
      expect(started).toMatchObject({ phonePending: true });
      const code = /\d{6}/.exec(texts.at(-1)!.body)![0];
      expect(texts.at(-1)!.to).toBe("+15551234567");
      const verified = await submit({ intent: "phone-verify", code });
      expect(verified).toMatchObject({ redirect: "/account?saved=phone" });
      const sessionCookie = cookieOf((verified as { cookies: Headers }).cookies) || cookie;

      const page = await loadAccountPage(new Request(`${ORIGIN}/account`, { headers: { cookie: sessionCookie } }));
      expect(page.factors).toMatchObject([{ factorType: "phone", status: "verified", friendlyName: "Work phone" }]);

      const signIn = await signInWithPassword(browser("10.6.0.2"), {
        email: "phone@example.com",
        password: "phone owner passphrase",
        remember: true,
      });
      expect(signIn).toMatchObject({ ok: true, data: { twoFactorRedirect: true } });
      const pending = cookieOf(signIn.cookies);
      expect((await sendPhoneCode(browser("10.6.0.2", pending))).ok).toBe(true);
      const signInCode = /\d{6}/.exec(texts.at(-1)!.body)![0];
      const done = await verifySecondFactor(browser("10.6.0.2", pending), {
        method: "phone",
        code: signInCode,
        trustDevice: false,
      });
      expect(done.ok).toBe(true);
      const context = await getAuthContext(new Request(ORIGIN, { headers: { cookie: cookieOf(done.cookies) } }));
      expect(context?.user.email).toBe("phone@example.com");
      expect(texts.map((t) => t.from)).toEqual(["+15005550006", "+15005550006"]);

      // The gateway refusing the number is not the person's mistake: a plain message, no 500, no code.
      twilio.rejectNumbers(true);
      const again = await signInWithPassword(browser("10.6.0.3"), {
        email: "phone@example.com",
        password: "phone owner passphrase",
        remember: true,
      });
      const refused = await sendPhoneCode(browser("10.6.0.3", cookieOf(again.cookies)));
      expect(refused).toMatchObject({
        ok: false,
        code: "SMS_NOT_SENT",
        status: 503,
        message:
          "We could not text a code just now. Try again in a minute, or use your authenticator app or a backup code.",
      });
      expect(texts).toHaveLength(2);
      // Enrolling a number the gateway will not text says so beside the number.
      const other = await confirmedUser(ctx, "phone2@example.com", "second phone owner passphrase");
      const refusedEnrolment = await postAccountForm(
        {
          intent: "phone-start",
          friendlyName: "Old phone",
          phone: "+15550000000",
          password: "second phone owner passphrase",
        },
        other,
        "10.6.0.4",
      );
      expect(refusedEnrolment).toMatchObject({
        status: 503,
        fieldErrors: {
          phone:
            "We could not text a code just now. Try again in a minute, or use your authenticator app or a backup code.",
        },
      });
      expect(refusedEnrolment).not.toHaveProperty("phonePending");
    });
  });
});
