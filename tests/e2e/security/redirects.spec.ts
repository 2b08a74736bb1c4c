// Security item 7 against a running production build: a redirect target taken from the address bar never
// sends the browser off the site, after signing in, on the signed-in GET of /auth, after a magic link, or
// through better-auth's own verification endpoints. The corpus is the one the unit test checks.
import { expect, test } from "../../support/fixtures";
import { clientAddress, specServer } from "../../support/app-server";

test.describe.configure({ mode: "serial" });

const OWNER = { email: "owner@example.com", password: "the owner's own passphrase" };
// Known open-redirect bypasses, as they would appear decoded in ?redirectTo=.
const CORPUS = [
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "%2F%09%2Fevil.example",
  "/%2F/evil.example",
  "/%5C/evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/..//evil.example",
];

const server = specServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
});

/** Where a browser would go with this Location header: it must be this server. */
function expectOnSite(location: string | null) {
  if (location === null) return;
  expect(new URL(location, server.url).origin).toBe(server.url);
  expect(location).not.toContain("evil.example");
}

test("signing in with a hostile redirectTo lands on the site", async ({ page }) => {
  await page.goto(`${server.url}/auth?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  // Signed in, /auth sends the browser on at once: every target of the corpus stays on the site.
  for (const target of CORPUS) {
    const response = await page.request.get(`${server.url}/auth?redirectTo=${encodeURIComponent(target)}`, {
      maxRedirects: 0,
    });
    expect(response.status(), target).toBe(302);
    expectOnSite(response.headers()["location"] ?? null);
  }
});

test("a magic link asked for with a hostile redirectTo brings the browser back to the site", async ({ page }) => {
  await page.goto(`${server.url}/auth?mode=magic-link&redirectTo=${encodeURIComponent("//evil.example")}`);
  await page.getByLabel("Email").fill("linda@example.com");
  await page.getByRole("button", { name: "E-mail me a link" }).click();
  await expect(page.getByText("We have sent a sign-in link to linda@example.com.")).toBeVisible();
  const link = await server.linkFromMail("linda@example.com", /Your sign-in link/);
  expect(decodeURIComponent(link)).not.toContain("evil.example");
  await page.goto(link);
  await expect(page).toHaveURL(`${server.url}/`);
});

test("better-auth's verification endpoints never redirect off the site", async ({ request }) => {
  for (const target of CORPUS) {
    const q = encodeURIComponent(target);
    for (const path of [
      `/api/auth/verify-email?token=not-a-token&callbackURL=${q}`,
      `/api/auth/magic-link/verify?token=not-a-token&callbackURL=${q}&errorCallbackURL=${q}`,
      `/api/auth/reset-password/not-a-token?callbackURL=${q}`,
    ]) {
      const response = await request.get(`${server.url}${path}`, {
        maxRedirects: 0,
        headers: { "x-forwarded-for": clientAddress() },
      });
      expect(response.status(), path).toBeLessThan(500);
      expectOnSite(response.headers()["location"] ?? null);
    }
  }
  expect((await request.get(`${server.url}/healthz`)).status()).toBe(200);
});
