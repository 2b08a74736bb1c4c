// Social sign-in against a real OpenID provider (oidc-provider) on loopback: the server under test is
// configured with OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET, the browser goes through the provider's
// own login and consent pages and comes back signed in at the site root. A user with a verified TOTP
// factor is asked for the code after the provider too (spec §4: aal2).
import { createHash, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { Page } from "@playwright/test";
import Provider from "oidc-provider";
import { TOTP } from "otpauth";
import { expect, test } from "../support/fixtures";
import { signOutFromAccount } from "../support/admin-fixtures";
import { clientAddress, startAppServer, type AppServer } from "../support/app-server";
import { freePort } from "../support/spawn-server";

test.describe.configure({ mode: "serial" });

let server: AppServer;
let issuerServer: Server;
let issuerUrl: string;
const PEOPLE: Record<string, { email: string; name: string; verified?: boolean }> = {
  ada: { email: "ada@example.org", name: "Ada Moreau" },
  // Someone who opened an account at the provider with the artist's address, never proven there.
  impostor: { email: "owner@example.org", name: "Not the Owner", verified: false },
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const appPort = await freePort();
  const issuerPort = await freePort();
  const issuer = `http://127.0.0.1:${issuerPort}`;
  issuerUrl = issuer;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "atelier",
        client_secret: "atelier-test-secret",
        redirect_uris: [
          `http://127.0.0.1:${appPort}/api/auth/callback/oidc`,
          // Where a test collects a code for an ID token of its own (another app of the same client, in effect).
          `http://127.0.0.1:${appPort}/id-token-code`,
        ],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: (_ctx, id) => {
      const person = PEOPLE[id] ?? { email: `${id}@example.org`, name: id };
      return {
        accountId: id,
        claims: () => ({ sub: id, email: person.email, email_verified: person.verified ?? true, name: person.name }),
      };
    },
    cookies: { keys: ["a test key that is long enough to sign"] },
    // claimsParameter: a test asks for the address in the ID token itself, as an ID-token sign-in needs it.
    features: { devInteractions: { enabled: true }, claimsParameter: { enabled: true } },
  });
  issuerServer = provider.listen(issuerPort);
  server = await startAppServer(
    {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: "atelier",
      OIDC_CLIENT_SECRET: "atelier-test-secret",
      OIDC_NAME: "Studio Login",
      AUTH_RATE_LIMIT_MULTIPLIER: "10",
      ADMIN_EMAIL: "owner@example.org",
      ADMIN_PASSWORD: "the owner's own passphrase",
      ADMIN_NAME: "Owner",
    },
    { port: appPort },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => issuerServer?.close(resolve));
});

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
  // The provider's development pages pull a web font from the internet, which this machine cannot reach.
  await page.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => route.fulfill({ status: 200, contentType: "text/css", body: "" }),
  );
});

/** The provider's development login and consent pages: any login name and password are accepted. */
async function throughProvider(page: Page, login: string) {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  const consent = page.getByRole("button", { name: "Continue" });
  if (await consent.isVisible({ timeout: 5_000 }).catch(() => false)) await consent.click();
}

test("social sign-in through the OpenID provider lands signed in at the site root", async ({ page }) => {
  await page.goto(`${server.url}/auth`);
  await page.getByRole("button", { name: "Continue with Studio Login" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await throughProvider(page, "ada");
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Ada Moreau" })).toBeVisible();
  await page.goto(`${server.url}/account`);
  await expect(page.getByText("ada@example.org (confirmed)")).toBeVisible();
  // No password: the account page says how to add one.
  await expect(page.getByText(/your account has no password/)).toBeVisible();
});

test("with a verified TOTP factor, the provider's answer is followed by the code step", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${server.url}/auth?redirectTo=%2Faccount`);
  await page.getByRole("button", { name: "Continue with Studio Login" }).click();
  await throughProvider(page, "ada");
  await expect(page).toHaveURL(`${server.url}/account`);

  await page.getByLabel("Name for this app").fill("Phone");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText(/Two-factor sign-in is on/)).toBeVisible();
  await signOutFromAccount(page, server.url);

  await page.goto(`${server.url}/auth?redirectTo=%2Faccount`);
  await page.getByRole("button", { name: "Continue with Studio Login" }).click();
  // The provider still has its own session from a minute ago, so it answers at once.
  await expect(page.getByRole("heading", { name: "Two-factor check" })).toBeVisible();
  expect((await page.context().cookies(server.url)).some((c) => c.name.endsWith("session_token"))).toBe(false);
  await page.getByLabel("Code from your authenticator app").fill(totp.generate());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${server.url}/account`);
  await expect(page.getByRole("heading", { level: 1, name: "Ada Moreau" })).toBeVisible();
});

test("an ID token from the provider, posted to the sign-in API, still owes the second factor", async ({ page }) => {
  // Whoever holds the person's account at the provider can get an ID token for this site's client (Sign in with
  // Google hands them to browsers): better-auth's /sign-in/social signs it in at once, skipping the code step.
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = `${server.url}/id-token-code`;
  await page.route(`${redirectUri}?*`, (route) => route.fulfill({ status: 200, body: "code collected" }));
  const authorize = new URL(`${issuerUrl}/auth`);
  for (const [name, value] of Object.entries({
    client_id: "atelier",
    response_type: "code",
    scope: "openid email profile",
    redirect_uri: redirectUri,
    nonce: "nonce-1",
    state: "state-1",
    code_challenge: challenge,
    code_challenge_method: "S256",
    claims: JSON.stringify({ id_token: { email: null, email_verified: null, name: null } }),
  }))
    authorize.searchParams.set(name, value);
  await page.goto(authorize.toString());
  if (!page.url().startsWith(redirectUri)) await throughProvider(page, "ada");
  await page.waitForURL(`${redirectUri}?*`);
  const code = new URL(page.url()).searchParams.get("code")!;
  const tokens = await fetch(`${issuerUrl}/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from("atelier:atelier-test-secret").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const { id_token: idToken } = (await tokens.json()) as { id_token: string };

  const answer = await fetch(`${server.url}/api/auth/sign-in/social`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": clientAddress() },
    body: JSON.stringify({ provider: "oidc", idToken: { token: idToken, nonce: "nonce-1" } }),
  });
  // Ada turned on an authenticator app in the test above: no session, the code step instead.
  expect(answer.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c))).toEqual([]);
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toContain("/auth?step=two-factor&methods=totp");
});

test("a provider that has not verified an address never signs in to the account that has it (security item 8)", async ({
  page,
}) => {
  await page.goto(`${server.url}/auth`);
  await page.getByRole("button", { name: "Continue with Studio Login" }).click();
  await throughProvider(page, "impostor");
  await expect(page).toHaveURL(new RegExp(`^${server.url}/auth\\?`));
  await expect(page.getByRole("alert")).toContainText("Sign in with your password or an e-mailed link first");
  expect((await page.context().cookies(server.url)).some((c) => c.name.endsWith("session_token"))).toBe(false);
  await page.goto(`${server.url}/account`);
  await expect(page).toHaveURL(`${server.url}/auth?redirectTo=%2Faccount`);
});
