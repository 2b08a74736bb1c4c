// Social sign-in against a real OpenID provider (oidc-provider) on loopback: the server under test is
// configured with OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET, the browser goes through the provider's
// own login and consent pages and comes back signed in at the site root. A user with a verified TOTP
// factor is asked for the code after the provider too (spec §4: aal2).
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
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "atelier",
        client_secret: "atelier-test-secret",
        redirect_uris: [`http://127.0.0.1:${appPort}/api/auth/callback/oidc`],
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
    features: { devInteractions: { enabled: true } },
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
