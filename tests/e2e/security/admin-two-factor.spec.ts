// Security item 10 against a running production build: on a new install administrators set up a second
// factor before the admin area opens; the artist can turn the rule off in Settings › Security.
import { TOTP } from "otpauth";
import { expect, test } from "../../support/fixtures";
import { clientAddress, specServer } from "../../support/app-server";

test.describe.configure({ mode: "serial" });

const OWNER = { email: "owner@example.com", password: "the owner's own passphrase" };
// A new install as an artist makes it: the rule starts on.
const server = specServer({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  ADMIN_NAME: "Mara Ellison",
  REQUIRE_ADMIN_TWO_FACTOR: "true",
});
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
});

test("a new install's administrator sets up two-factor sign-in before the admin area opens", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${server.url}/auth?redirectTo=%2Fadmin`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Sent to the account page, which says why.
  await expect(page).toHaveURL(`${server.url}/account?required=two-factor`);
  await expect(
    page.getByRole("status").filter({ hasText: "Set up two-factor sign-in to open the admin area" }),
  ).toBeVisible();
  // A request straight to an admin page is refused the same way.
  const direct = await page.request.get(`${server.url}/admin/artworks`, { maxRedirects: 0 });
  expect(direct.headers()["location"]).toBe("/account?required=two-factor");

  const appForm = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Set up an authenticator app" }) });
  await appForm.getByLabel("Name for this app").fill("Studio phone");
  await appForm.getByLabel("Your password").fill(OWNER.password);
  await appForm.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  await page.getByLabel("Code from the app").fill(new TOTP({ secret, digits: 6, period: 30 }).generate());
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText(/Two-factor sign-in is on/)).toBeVisible();

  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Settings › Security shows the rule on; the artist can change the idle timeout.
  await page.goto(`${server.url}/admin/settings`);
  const security = page.getByRole("region", { name: "Security" });
  await expect(security.getByLabel("Require two-factor sign-in for administrators")).toBeChecked();
  await expect(security.getByLabel("Sign administrators out after (hours without activity)")).toHaveValue("12");
});
