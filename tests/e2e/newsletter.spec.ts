// The newsletter end to end (issue 14 item 11), through a real SMTP peer: a visitor subscribes in the footer,
// confirms by the e-mailed link, the artist writes and sends an issue, the visitor receives it with RFC 8058
// List-Unsubscribe headers, unsubscribes by its link in one click, and the next issue does not reach them. An
// old confirmation link (sent before the unsubscribe, or more than CONFIRM_LINK_DAYS ago) opens a page saying
// what happened and how to sign up again, and subscribes nobody.
import { createHmac } from "node:crypto";
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { signInAdmin } from "../support/admin-fixtures";
import { specServer, startAppServer, visitorPage } from "../support/app-server";
import { expect, test, waitForHydration } from "../support/fixtures";
import { oneClickUnsubscribeLink } from "../support/e2e-mail";
import { decodeMime } from "../support/smtp-peer";
import { createServerDatabase, onServer } from "../support/postgres-server";

test.describe.configure({ mode: "serial" });

// The server's secret is the test's: it signs a confirmation link as the server would have a week ago.
const AUTH_SECRET = "newsletter-spec-secret-0123456789abcdef";
const server = specServer({
  ...ADMIN_SERVER_ENV,
  NEWSLETTER_PER_MINUTE: "600",
  AUTH_SECRET,
});
const READER = "reader@example.com";

// A spent confirmation link is answered 410, which Chromium logs.
test.use({ expectedConsoleErrors: [/status of 410/] });

/** `link`, as the server would have signed it `daysAgo` days ago (modules/mail/opt-in.server.ts). */
function sentDaysAgo(link: string, daysAgo: number): string {
  const url = new URL(link);
  const id = url.searchParams.get("token")!.split(".")[0]!;
  const body = `${id}.${(Date.now() - daysAgo * 86_400_000).toString(36)}`;
  const signature = createHmac("sha256", AUTH_SECRET)
    .update(`newsletter:confirm:${body}`)
    .digest("base64url")
    .slice(0, 32);
  url.searchParams.set("token", `${body}.${signature}`);
  return url.toString();
}

test("subscribe, confirm, receive an issue with one-click unsubscribe headers, unsubscribe, receive no more", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A visitor subscribes in the footer.
  await page.goto(`${server.url}/`);
  // The answer beside the box is the hydrated footer's; pressed before hydration, the browser posts the form
  // itself and /newsletter answers with a page (the last test here).
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Newsletter").fill(READER);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText("Thank you. Check your inbox and confirm your subscription.");

  // The confirmation mail's link opens a page with one button (a mail scanner following links confirms nothing).
  const confirm = await server.linkFromMail(READER, /Confirm your subscription/);
  await page.goto(confirm);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();
  await expect(page.getByText(`News of new work will come to ${READER}.`)).toBeVisible();
  // Opened again, the link says it was used, without naming the address.
  await page.goto(confirm);
  await expect(page.getByRole("heading", { level: 1, name: "Already confirmed" })).toBeVisible();
  await expect(page.getByText(READER)).toHaveCount(0);

  // The artist sees the subscriber and sends an issue.
  const admin = await browser.newContext({ baseURL: server.url });
  await signInAdmin(admin.request, server.url);
  const artist = await admin.newPage();
  await artist.goto("/admin/newsletter");
  await expect(artist.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  const subscribers = artist.getByRole("region", { name: "Subscribers" });
  await expect(subscribers.getByRole("row").filter({ hasText: READER })).toContainText("Subscribed");

  const compose = artist.getByRole("region", { name: "Write a newsletter" });
  await compose.getByLabel("Subject").fill("New paintings this spring");
  await compose.getByRole("textbox", { name: "Message" }).fill("Three **new** harbour paintings are in the shop.");
  // Sending needs the tick: a mistake is named beside it.
  await compose.getByRole("button", { name: "Send newsletter" }).click();
  await expect(compose.getByText("Tick this to send the newsletter to every subscriber.")).toBeVisible();
  await compose.getByLabel(/Send to all 1 confirmed subscriber now/).check();
  await compose.getByRole("button", { name: "Send newsletter" }).click();
  await expect(artist.getByText("Sending to 1 subscriber. The counts below follow it.")).toBeVisible();

  const issue = await server.smtp.waitFor(
    (m) => m.to.includes(READER) && /New paintings this spring/.test(decodeMime(m.raw)),
    30_000,
  );
  const unsubscribe = oneClickUnsubscribeLink(issue, `${server.url}/newsletter/unsubscribe`);
  expect(decodeMime(issue.raw)).toContain("Three");
  await artist.reload();
  const sentRow = artist
    .getByRole("region", { name: "Sent newsletters" })
    .getByRole("row")
    .filter({ hasText: "New paintings this spring" });
  await expect(sentRow).toBeVisible();

  // The mail's link: one click on the page unsubscribes, no sign-in.
  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  // A mail client's RFC 8058 one-click POST to the same link is answered too.
  const oneClick = await page.request.post(unsubscribe, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { accept: "text/html" },
  });
  expect(oneClick.status()).toBe(200);

  // The old confirmation link, clicked again: it says why it changes nothing, and the reader stays unsubscribed.
  const stale = await page.goto(confirm);
  expect(stale?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This link is no longer valid" })).toBeVisible();
  await expect(page.getByText(/sent before a later change to this subscription, such as unsubscribing/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my subscription" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign up again" })).toHaveAttribute("href", "/newsletter");

  // The next issue reaches nobody: the reader is not mailed again.
  await artist.goto("/admin/newsletter");
  await expect(subscribers.getByRole("row").filter({ hasText: READER })).toContainText("Unsubscribed");
  await compose.getByLabel("Subject").fill("A second letter");
  await compose.getByRole("textbox", { name: "Message" }).fill("Studio open day on Saturday.");
  await compose.getByLabel(/Send to all 0 confirmed subscribers now/).check();
  await compose.getByRole("button", { name: "Send newsletter" }).click();
  await expect(artist.getByText("Saved, but nobody has confirmed a subscription yet: nothing was sent.")).toBeVisible();
  expect(server.smtp.received.filter((m) => /A second letter/.test(decodeMime(m.raw)))).toHaveLength(0);
  await admin.close();
});

test("the subscriber list exports as CSV and a wrong link is refused", async ({ browser, page }) => {
  const admin = await browser.newContext({ baseURL: server.url });
  await signInAdmin(admin.request, server.url);
  const csv = await admin.request.get("/admin/newsletter/export");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(`"${READER}","unsubscribed","footer"`);
  await admin.close();
  // Anonymous: the export is for the artist only.
  expect((await page.request.get(`${server.url}/admin/newsletter/export`, { maxRedirects: 0 })).status()).toBe(302);

  const wrong = await page.goto(`${server.url}/newsletter/unsubscribe?token=not-a-token`);
  expect(wrong?.status()).toBe(404);
});

// Submit buttons are left to the browser until React has hydrated (decision 0014): a press before then, or a
// browser without JavaScript, posts the footer's form itself, and the visitor gets a page, never JSON.
test("without JavaScript, subscribing in the footer answers with a page of its own", async ({ browser }) => {
  const page = await visitorPage(browser, server.url, { javaScriptEnabled: false });
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Newsletter").fill("no.script@example.com");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Almost done" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Thank you. Check your inbox and confirm your subscription.");
  await server.linkFromMail("no.script@example.com", /Confirm your subscription/);

  // A mistake is said on the page too, with the form to try again.
  await page.goto("/");
  // The browser lets "ada@localhost" through; the server does not.
  await footer.getByLabel("Newsletter").fill("ada@localhost");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Not subscribed" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await page.context().close();
});

test("a confirmation link older than 7 days says it expired and leads to the sign-up; a new one works", async ({
  browser,
}) => {
  const page = await visitorPage(browser, server.url);
  const late = "late.reader@example.com";
  await page.goto("/newsletter");
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(late);
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Almost done" })).toBeVisible();
  const link = await server.linkFromMail(late, /Confirm your subscription/);

  const expired = await page.goto(sentDaysAgo(link, 8));
  expect(expired?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This link has expired" })).toBeVisible();
  await expect(
    page.getByText(
      "Confirmation links work for 7 days, and this one is older. Nothing has changed: to subscribe, sign up again and confirm by the link in the new e-mail.",
    ),
  ).toBeVisible();
  await expect(page.getByText(late)).toHaveCount(0);
  // Pressed anyway (a form posted to it by hand): still nothing, the same page.
  const pressed = await page.request.post(sentDaysAgo(link, 8), { form: {}, headers: { accept: "text/html" } });
  expect(pressed.status()).toBe(410);

  // Its way back is the sign-up form; the link as mailed (sent just now) still confirms.
  await page.getByRole("link", { name: "Sign up again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Subscribe" })).toBeVisible();
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();
  await page.context().close();
});

// The artist's list parts who can still confirm from who cannot: a link works for 7 days, and a sign-up whose
// link is older is "Link expired", in its own filter and count, not "Waiting to confirm". Time is moved on
// the database's side, so this test's server runs on a PostgreSQL database of its own (TEST_DATABASE_URL, else
// the server on 127.0.0.1:5432).
test("the artist sees a sign-up whose confirmation link expired as Link expired, apart from those waiting", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const database = await createServerDatabase("atelier_newsletter");
  const own = await startAppServer({ ...ADMIN_SERVER_ENV, DATABASE_URL: database.url, AUTH_SECRET });
  try {
    const page = await visitorPage(browser, own.url);
    for (const reader of ["expired.reader@example.com", "waiting.reader@example.com"]) {
      await page.goto("/newsletter");
      await page.getByRole("main").getByLabel("Email").fill(reader);
      await page.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Almost done" })).toBeVisible();
    }
    await page.context().close();
    // Eight days pass for the first sign-up: the link it was mailed no longer works.
    await onServer(
      database.url,
      `update newsletter_subscribers set created_at = created_at - interval '8 days',
         confirm_requested_at = confirm_requested_at - interval '8 days',
         confirm_sent_at = confirm_sent_at - interval '8 days'
       where email = 'expired.reader@example.com'`,
    );

    const admin = await browser.newContext({ baseURL: own.url });
    await signInAdmin(admin.request, own.url);
    const artist = await admin.newPage();
    await artist.goto("/admin/newsletter");
    await expect(artist.getByText("0 subscribed · 1 waiting to confirm · 1 whose link expired.")).toBeVisible();
    const subscribers = artist.getByRole("region", { name: "Subscribers" });
    const row = (reader: string) => subscribers.getByRole("row").filter({ hasText: reader });
    await expect(row("expired.reader@example.com")).toContainText("Link expired");
    await expect(row("waiting.reader@example.com")).toContainText("Waiting to confirm");

    for (const [status, shown, hidden] of [
      ["Link expired", "expired.reader@example.com", "waiting.reader@example.com"],
      ["Waiting to confirm", "waiting.reader@example.com", "expired.reader@example.com"],
    ] as const) {
      await subscribers.getByLabel("Status").selectOption({ label: status });
      await subscribers.getByRole("button", { name: "Search" }).click();
      await expect(row(shown)).toBeVisible();
      await expect(row(hidden)).toHaveCount(0);
      await expect(subscribers.getByText("Showing 1–1 of 1")).toBeVisible();
    }
    await admin.close();
  } finally {
    await own.stop();
    await database.drop();
  }
});
