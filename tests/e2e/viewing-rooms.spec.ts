// Private viewing rooms end to end (issue 15 item 4, decision 0023), on a server of its own with the demo
// catalogue: the artist makes a room with a room price and copies its link; an anonymous visitor opens it (never
// indexed, never cached), sees the room's price and buys through the checkout at that price; the artist sees the
// open and the order in the room's list; a second buyer cannot buy the work; an expired room's link answers 410
// with the "no longer available" page, and a link nobody has 404.
import type { Browser, Page } from "@playwright/test";
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { signInAdmin } from "../support/admin-fixtures";
import { specServer, visitorPage } from "../support/app-server";
import { expect, test } from "../support/fixtures";
import { checkOut } from "../support/shop-flow";

test.describe.configure({ mode: "serial" });

const SHOTS = process.env.ROOMS_SHOTS_DIR;
const WORK = "Salt Ledger";
const ROOM_PRICE = "$1,234";

const server = specServer({ ...ADMIN_SERVER_ENV }, { data: "demo" });
/** Console errors of the pages this spec opens itself; each test fails on any (the fixture's `page` does too). */
let pageErrors: string[] = [];
const ALLOWED = [/status of 400 \(Bad Request\)/, /status of 404/];
test.beforeEach(() => {
  pageErrors = [];
});
test.afterEach(() => {
  expect(pageErrors, "console errors on the spec's own pages").toEqual([]);
});

async function freshPage(browser: Browser, width: number, allowed: RegExp[] = []): Promise<Page> {
  const page = await visitorPage(browser, server.url, { viewport: { width, height: 900 } });
  page.on("console", (m) => {
    if (m.type() === "error" && ![...ALLOWED, ...allowed].some((re) => re.test(m.text()))) pageErrors.push(m.text());
  });
  page.on("pageerror", (e) => pageErrors.push(`pageerror: ${e.message}`));
  return page;
}

async function artistPage(browser: Browser, width = 1280): Promise<Page> {
  const page = await freshPage(browser, width);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await signInAdmin(page.context().request, server.url);
  return page;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Makes a room from the admin: title, recipient, last day, one work; returns the edit page's URL. */
async function makeRoom(artist: Page, title: string, openUntil?: string): Promise<void> {
  await artist.goto("/admin/rooms");
  await expect(artist.getByRole("heading", { level: 1, name: "Viewing Rooms" })).toBeVisible();
  await artist.getByRole("link", { name: "New room" }).click();
  await expect(artist.getByRole("heading", { level: 1, name: "New viewing room" })).toBeVisible();
  const form = artist.getByRole("form", { name: "Viewing room" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel(/Note to the collector/).fill("A few works I thought of for your hallway, with my best price.");
  await form.getByLabel(/Recipient's name/).fill("Ada Collector");
  await form.getByLabel(/Recipient's email/).fill("ada@example.com");
  if (openUntil) await form.getByLabel("Open until").fill(openUntil);
  const add = form.getByLabel("Add a work");
  await add.selectOption(await add.locator("option", { hasText: WORK }).first().getAttribute("value"));
  await form.getByRole("button", { name: "Add to the room" }).click();
  await expect(artist.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(artist.getByLabel("Link to the room")).toHaveValue(/\/room\/[A-Za-z0-9_-]{32}$/);
}

test("a room: made by the artist with a room price, opened and bought by a visitor, the open seen by the artist", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const artist = await artistPage(browser);
  await makeRoom(artist, "For Ada");
  // A field error stays beside its field, and nothing is saved.
  await artist.getByLabel(`Room price of ${WORK}`, { exact: false }).fill("twelve");
  await artist.getByRole("button", { name: "Save room" }).click();
  await expect(artist.getByText("Enter a price like 1250 or 1250.50, or leave it empty.")).toBeVisible();
  await artist.getByLabel(`Room price of ${WORK}`, { exact: false }).fill("1234");
  await artist.getByRole("button", { name: "Save room" }).click();
  await expect(artist.getByText("Room saved.")).toBeVisible();
  await expect(artist.getByLabel(`Room price of ${WORK}`, { exact: false })).toHaveValue("1234");

  // The link: copied to the clipboard.
  await artist.getByRole("button", { name: "Copy link" }).click();
  await expect(artist.getByText("Link copied.")).toBeVisible();
  const link = await artist.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await artist.getByLabel("Link to the room").inputValue());
  expect(link).toMatch(new RegExp(`^${server.url}/room/[A-Za-z0-9_-]{32}$`));

  // An anonymous visitor (the fixture's page: no cookies, fails on a console error).
  const response = await page.goto(link);
  expect(response!.status()).toBe(200);
  const headers = response!.headers();
  expect(headers["x-robots-tag"]).toContain("noindex");
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-cache"]).toBeUndefined();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name: "For Ada" })).toBeVisible();
  await expect(page.getByText("A private viewing room for Ada Collector")).toBeVisible();
  const work = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: WORK }) });
  await expect(work.getByTestId("room-price")).toHaveText(`${ROOM_PRICE}in this room`);
  await expect(work.getByRole("link", { name: `Inquire about “${WORK}”` })).toHaveAttribute("href", /room=/);
  await work.getByRole("link", { name: `Buy “${WORK}”` }).click();
  await expect(page.getByText("From the viewing room “For Ada”, at the price shown there.")).toBeVisible();
  await expect(page.getByRole("main")).toContainText(ROOM_PRICE);
  const number = await checkOut(page, {
    name: "Ada Collector",
    email: "ada@example.com",
    street: "1 Esplanade Ave",
    city: "New Orleans",
    state: "LA",
    zip: "70116",
  });
  expect(number).toMatch(/^A-\d{4}-\d{4}$/);
  await expect(page.getByRole("main")).toContainText(ROOM_PRICE);

  // The artist sees the open and who ordered.
  await artist.reload();
  const opens = artist.getByRole("table");
  await expect(opens.getByRole("row").filter({ hasText: "Opened" }).first()).toContainText(/Chrome on/);
  await expect(opens.getByRole("row").filter({ hasText: "Ordered" })).toContainText("Ada Collector · ada@example.com");
  await shot(artist, "admin-room-1280");
  await artist.setViewportSize({ width: 375, height: 800 });
  await shot(artist, "admin-room-375");
  await artist.goto("/admin/rooms");
  await expect(artist.getByRole("listitem").filter({ hasText: "For Ada" })).toContainText(/Opened 1 time/);
  await shot(artist, "admin-rooms-375");

  // A second buyer, with the same link: the work is reserved, there is nothing to buy.
  const second = await freshPage(browser, 1280);
  await second.goto(link);
  const again = second.getByRole("listitem").filter({ has: second.getByRole("heading", { name: WORK }) });
  await expect(again).toContainText("Reserved");
  await expect(again.getByRole("link", { name: /^Buy/ })).toHaveCount(0);
  const id = new URL(
    (await again.getByRole("link", { name: /^Inquire/ }).getAttribute("href"))!,
    server.url,
  ).searchParams.get("artwork_id");
  await second.goto(`/checkout?artwork=${id}&room=${link.split("/").pop()}`);
  await expect(second.getByRole("button", { name: /^Place order/ })).toHaveCount(0);
  // Nor in the shop.
  await second.goto(`/checkout?artwork=${id}`);
  await expect(second.getByRole("button", { name: /^Place order/ })).toHaveCount(0);
});

test("the room page at 1280 and 375 px", async ({ browser }) => {
  const artist = await artistPage(browser);
  await makeRoom(artist, "Winter selection");
  const link = await artist.getByLabel("Link to the room").inputValue();
  for (const width of [1280, 375]) {
    const visitor = await freshPage(browser, width);
    await visitor.goto(link);
    await expect(visitor.getByRole("heading", { level: 1, name: "Winter selection" })).toBeVisible();
    await shot(visitor, `room-${width}`);
  }
  await artist.setViewportSize({ width: 1280, height: 900 });
  await artist.goto("/admin/rooms");
  await shot(artist, "admin-rooms-1280");
});

test.describe("closed rooms", () => {
  test.use({ expectedConsoleErrors: [/status of 410/] });

  test("an expired room's link says it is no longer available (410), and an unknown one 404", async ({
    browser,
    page,
  }) => {
    const artist = await artistPage(browser);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await makeRoom(artist, "Last month's room", yesterday);
    await expect(artist.getByText(/^Expired: visitors are told/)).toBeVisible();
    const link = await artist.getByLabel("Link to the room").inputValue();
    const response = await page.goto(link);
    expect(response!.status()).toBe(410);
    expect(response!.headers()["x-robots-tag"]).toContain("noindex");
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    await expect(
      page.getByRole("heading", { level: 1, name: "This viewing room is no longer available" }),
    ).toBeVisible();
    await expect(page.getByText("Salt Ledger")).toHaveCount(0);
    await shot(page, "room-expired-1280");
    // Buying through it is refused by the checkout too.
    await page.goto(`/checkout?room=${link.split("/").pop()}&artwork=00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole("button", { name: /^Place order/ })).toHaveCount(0);
    const unknown = await page.goto(`${server.url}/room/${"Z".repeat(32)}`);
    expect(unknown!.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "This viewing room is no longer available" }),
    ).toBeVisible();
  });
});
