// Changing the shop's secret (docs/operations.md, "The shop's secret"): AUTH_SECRET takes a new value and the old
// one goes into AUTH_PREVIOUS_SECRETS. What the old one encrypted or signed is still read (authenticator apps'
// secrets, the links already mailed, the browser's order cookie); everything new is signed with the new one, and
// the sessions end (everyone signs in again).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { TOTP } from "otpauth";
import { beforeEach, describe, expect, it } from "vitest";
import { jwks, twoFactor, user } from "~/db/schema";
import { auth, createAuth, secretVersion } from "~/modules/auth/auth.server";
import { encryptAgainUnderCurrentSecret } from "~/modules/auth/secret-change.server";
import { signInWithPassword, signUpWithPassword, verifySecondFactor } from "~/modules/auth/flows.server";
import { getAuthContext } from "~/modules/auth/session.server";
import { readSignedId, shopSecrets, signedId } from "~/modules/security/signed-ids.server";
import { buyerOrderIds, grantOrderAccess } from "~/modules/shop/order-access.server";
import { services, setServices } from "~/services.server";
import { cookieOf, userCookie } from "../support/admin-session";
import { BACKENDS, useTestServices } from "../support/harness";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "a lantern over the quay";
const newSecret = () => randomBytes(32).toString("base64url");

/** Restarts the shop's services on `current`, with `previous` as AUTH_PREVIOUS_SECRETS. */
function runWith(current: string, previous: string[] = []) {
  const { config, db, logger } = services();
  const next = { ...config, authSecret: current, previousAuthSecrets: previous };
  setServices({ ...services(), config: next, auth: createAuth({ config: next, db, logger }) });
}

const browser = (ip: string, cookie = "") =>
  new Request(`${ORIGIN}/auth`, {
    method: "POST",
    headers: { origin: ORIGIN, "x-atelier-client-ip": ip, ...(cookie ? { cookie } : {}) },
  });

describe.each(BACKENDS)("changing the shop's secret on %s", (backend) => {
  const ctx = useTestServices(backend);
  // Each test starts from its own first secret: what another test's secrets encrypted is not its own.
  beforeEach(async () => {
    await ctx.handle.db.delete(jwks);
    await ctx.handle.db.delete(twoFactor);
  });

  /** Whether every stored ciphertext carries the current secret's version. */
  async function allUnder(secret: string) {
    const prefix = `$ba$${secretVersion(secret)}$`;
    const factors = await ctx.handle.db.select().from(twoFactor);
    const keys = await ctx.handle.db.select().from(jwks);
    return (
      factors.length > 0 &&
      keys.length > 0 &&
      factors.every((f) => f.secret.startsWith(prefix) && f.backupCodes.startsWith(prefix)) &&
      keys.every((k) => (JSON.parse(k.privateKey) as string).startsWith(prefix))
    );
  }

  /** A new account with an authenticator app; the app's secret, to make codes with. */
  async function accountWithApp(email: string, ip: string) {
    const signedUp = await signUpWithPassword(browser(ip), { email, password: PASSWORD, fullName: "", returnTo: "/" });
    if (!signedUp.ok) throw new Error(signedUp.message);
    const headers = new Headers({ cookie: cookieOf(signedUp.cookies), origin: ORIGIN });
    const enabled = (await auth().api.enableTwoFactor({ body: { password: PASSWORD }, headers })) as {
      totpURI: string;
    };
    const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
    await auth().api.verifyTOTP({ body: { code: new TOTP({ secret, digits: 6, period: 30 }).generate() }, headers });
    return secret;
  }

  /** Signs in with the password and the app's code; the session's cookie, or null when it was refused. */
  async function signInWithApp(email: string, app: string, ip: string): Promise<string | null> {
    const first = await signInWithPassword(browser(ip), { email, password: PASSWORD, remember: true });
    if (!first.ok || !("twoFactorRedirect" in first.data))
      throw new Error("the password step did not ask for the code");
    const code = new TOTP({ secret: app, digits: 6, period: 30 }).generate();
    const done = await verifySecondFactor(browser(ip, cookieOf(first.cookies)), {
      method: "totp",
      code,
      trustDevice: false,
    });
    if (!done.ok) return null;
    const session = cookieOf(done.cookies);
    return (await signedInAs(session)) === email ? session : null;
  }

  const signedInAs = async (cookie: string) =>
    (await getAuthContext(new Request(ORIGIN, { headers: { cookie } })))?.user.email;

  it("an authenticator app set up before two changes of secret still signs its account in; the sessions of before end", async () => {
    const [first, second, third] = [newSecret(), newSecret(), newSecret()];
    const email = "ada.rotation@example.com";
    runWith(first);
    const app = await accountWithApp(email, "10.7.0.1");
    const session = await signInWithApp(email, app, "10.7.0.2");
    expect(await signedInAs(session!)).toBe(email);

    runWith(second, [first]);
    expect(await signedInAs(session!)).toBeUndefined();
    expect(await signInWithApp(email, app, "10.7.0.3")).not.toBeNull();

    runWith(third, [second, first]);
    expect(await signInWithApp(email, app, "10.7.0.4")).not.toBeNull();
  });

  it("an app whose secret was stored before versions were written (an older release) is read with the oldest secret", async () => {
    const [original, next] = [newSecret(), newSecret()];
    const email = "ben.rotation@example.com";
    runWith(original);
    const app = await accountWithApp(email, "10.7.0.5");
    // What an older release stored: the same secret encrypted without a version in front.
    const [row] = await ctx.handle.db
      .select({ id: twoFactor.id, secret: twoFactor.secret })
      .from(twoFactor)
      .innerJoin(user, eq(user.id, twoFactor.userId))
      .where(eq(user.email, email));
    const config = (await auth().$context).secretConfig;
    const plain = await symmetricDecrypt({ key: config, data: row!.secret });
    const legacy = await symmetricEncrypt({ key: original, data: plain });
    await ctx.handle.db.update(twoFactor).set({ secret: legacy }).where(eq(twoFactor.id, row!.id));

    expect(row!.secret).toMatch(/^\$ba\$\d+\$/);
    expect(legacy).not.toMatch(/^\$ba\$/);

    runWith(original);
    expect(await signInWithApp(email, app, "10.7.0.6")).not.toBeNull();
    runWith(next, [original]);
    expect(await signInWithApp(email, app, "10.7.0.7")).not.toBeNull();
  });

  it("at the first start with the new secret, what the old one encrypted is encrypted again under it: the old one can leave the list", async () => {
    const email = "cleo.rotation@example.com";
    const [old, fresh] = [newSecret(), newSecret()];
    runWith(old);
    const app = await accountWithApp(email, "10.7.0.8");
    expect(await signInWithApp(email, app, "10.7.0.9")).not.toBeNull();

    runWith(fresh, [old]);
    expect(await encryptAgainUnderCurrentSecret()).toMatchObject({ unreadable: 0 });
    expect(await allUnder(fresh)).toBe(true);
    expect(await encryptAgainUnderCurrentSecret()).toEqual({ done: 0, unreadable: 0, keysRemoved: 0 });

    runWith(fresh);
    expect(await signInWithApp(email, app, "10.7.0.10")).not.toBeNull();
    // A secret that left the list too early: an app it encrypted is counted and left, never lost; the token
    // signing key, which would refuse every sign-in, is replaced.
    const before = await ctx.handle.db.select().from(twoFactor);
    runWith(newSecret());
    expect(await encryptAgainUnderCurrentSecret()).toEqual({ done: 0, unreadable: 1, keysRemoved: 1 });
    expect(await ctx.handle.db.select().from(twoFactor)).toEqual(before);
    expect(await ctx.handle.db.select().from(jwks)).toEqual([]);
    expect(await signedInAs(await userCookie("dan.rotation@example.com"))).toBe("dan.rotation@example.com");
  });

  it("a secret listed twice, or the current one listed again, is taken once", async () => {
    const [a, b] = [newSecret(), newSecret()];
    expect(shopSecrets({ authSecret: a, previousAuthSecrets: [b, a, b] })).toEqual([a, b]);
    runWith(a, [b, a, b]);
    await expect(auth().$context).resolves.toBeDefined();
  });

  it("a link mailed and an order cookie given before the change still hold; new ones are signed with the new secret; without the old secret they do not", async () => {
    const [before, after] = [newSecret(), newSecret()];
    const id = "0190d3c5-7a4e-7c3a-9b1e-3f2a1c0d4e5f";
    runWith(before);
    const link = signedId("newsletter-unsubscribe", id);
    const orderCookie = (await grantOrderAccess(new Request(ORIGIN), id)).split(";")[0]!;
    const ordersOf = (cookie: string) => buyerOrderIds(new Request(ORIGIN, { headers: { cookie } }));

    runWith(after, [before]);
    expect(readSignedId("newsletter-unsubscribe", link)).toBe(id);
    expect(readSignedId("newsletter-confirm", link)).toBeUndefined();
    expect(await ordersOf(orderCookie)).toEqual([id]);
    const renewed = signedId("newsletter-unsubscribe", id);
    expect(renewed).not.toBe(link);
    expect((await grantOrderAccess(new Request(ORIGIN), id)).split(";")[0]).not.toBe(orderCookie);

    runWith(after);
    expect(readSignedId("newsletter-unsubscribe", link)).toBeUndefined();
    expect(readSignedId("newsletter-unsubscribe", renewed)).toBe(id);
    expect(await ordersOf(orderCookie)).toEqual([]);
  });
});
