// Realtime in the header for signed-in desktop users (spec §2 Navigation, §4, §9): who is online, the
// notifications bell rung live by a visitor's message, and the connection status through going offline and
// back. On a server of this spec's own, so the counts are this spec's alone.
import type { BrowserContext, Page } from "@playwright/test";
import WebSocket from "ws";
import { ADMIN, ADMIN_SERVER_ENV } from "../support/accounts";
import { adminContext, connectedPage, signUp } from "../support/admin-fixtures";
import { expect, test as base } from "../support/fixtures";
import { specServer } from "../support/app-server";
import { sendContactMessage } from "../support/inquiry-flow";

const server = specServer({
  // No mail delivery: a new account signs in at once (docs/accounts.md).
  SMTP_URL: "",
  TRUST_PROXY: "false",
  ...ADMIN_SERVER_ENV,
});

interface Connected {
  context: BrowserContext;
  page: Page;
}

/**
 * `connect(who)`: a desktop page of `who` (signed up first with `create`) on the spec's server, once its realtime
 * connection is up (connectedPage). Each person's browser context is closed when the test ends.
 */
const test = base.extend<{
  connect: (who: { email: string; password: string; name?: string }, create?: boolean) => Promise<Connected>;
}>({
  connect: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (who, create) => {
      const connected = await connectedPage(browser, server.url, who, create);
      contexts.push(connected.context);
      return connected;
    });
    for (const context of contexts) await context.close();
  },
});

test.describe.configure({ mode: "serial" });

const REN = { email: "ren@example.com", password: "cobalt over the harbour", name: "Ren Okafor" };

/** Opens the header's Online users panel. */
const openOnlineUsers = (page: Page) => page.getByRole("button", { name: /^Online users: / }).click();

/** The panel's entry of one person. */
const onlineEntry = (page: Page, name: string) =>
  page.getByRole("list", { name: "Online users" }).getByRole("listitem").filter({ hasText: name });

/** Reloads the page and waits until its realtime connection is up again. */
async function reloadConnected(page: Page) {
  await page.reload();
  await expect(page.getByRole("button", { name: "Connection status: Connected" })).toBeVisible();
}

let artist: Connected;

test("a signed-in user sees who is online, live, and the list names them", async ({ browser, connect, page }) => {
  // The artist's page stays open for the tests that follow.
  artist = await connectedPage(browser, server.url, ADMIN);
  await expect(artist.page.getByRole("button", { name: "Online users: 1" })).toBeVisible();

  const jo = await connect({ email: "jo@example.com", password: "a tide of grey linen", name: "Jo Painter" }, true);
  await expect(jo.page.getByRole("button", { name: "Online users: 2" })).toBeVisible();
  await expect(artist.page.getByRole("button", { name: "Online users: 2" })).toBeVisible();
  await artist.page.getByRole("button", { name: "Online users: 2" }).click();
  // Each of the header's popovers is a dialog named by its heading.
  await expect(artist.page.getByRole("dialog", { name: "Online now (2)" })).toBeVisible();
  const list = artist.page.getByRole("list", { name: "Online users" });
  await expect(list.getByText("Jo Painter")).toBeVisible();
  await expect(list.getByText("jo@example.com")).toBeVisible();
  await expect(list.getByText("Mara Ellison (you)")).toBeVisible();
  await artist.page.keyboard.press("Escape");

  // Jo, a customer, learns how many are online, never who (security issue item 13).
  await jo.page.getByRole("button", { name: "Online users: 2" }).click();
  const joList = jo.page.getByRole("list", { name: "Online users" });
  await expect(joList.getByText("Jo Painter (you)")).toBeVisible();
  await expect(jo.page.getByText("1 other person is online.")).toBeVisible();
  await expect(jo.page.getByText(/Mara/)).toHaveCount(0);
  await expect(jo.page.getByText(ADMIN.email)).toHaveCount(0);
  await jo.page.keyboard.press("Escape");

  // Jo leaves: the artist's stack shrinks without a reload.
  await jo.context.close();
  await expect(artist.page.getByRole("button", { name: "Online users: 1" })).toBeVisible();

  // A visitor who is not signed in sees none of it.
  await page.goto(`${server.url}/`);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Connection status/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Notifications/ })).toHaveCount(0);
});

test("past three people the stack shows +N, and the online list is at most 300 px high (spec 9.18, 9.19)", async ({
  browser,
}) => {
  // Four more people online, each through a socket of their own.
  const sockets: WebSocket[] = [];
  try {
    for (const n of [1, 2, 3, 4]) {
      const context = await browser.newContext({ baseURL: server.url });
      await signUp(context.request, server.url, `guest${n}@example.com`, "a long walk by the estuary", `Guest ${n}`);
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      await context.close();
      const ws = new WebSocket(`${server.url.replace("http", "ws")}/realtime`, {
        headers: { origin: server.url, cookie },
      });
      await new Promise((resolve, reject) => {
        ws.once("message", resolve);
        ws.once("close", reject);
      });
      sockets.push(ws);
    }
    const { page } = artist;
    const trigger = page.getByRole("button", { name: "Online users: 5" });
    await expect(trigger).toBeVisible();
    // Three avatars, then the rest as a count.
    const stack = trigger.locator("span > span");
    await expect(stack).toHaveCount(4);
    await expect(stack.last()).toHaveText("+2");
    for (const avatar of await stack.all().then((all) => all.slice(0, 3)))
      await expect(avatar).toHaveText(/^[A-Z0-9]{1,2}$/);
    // Each avatar's initials stay clear of the next one laid over it, ring included ("GG" read as "G").
    const hidden = await stack.evaluateAll((spans) =>
      spans.slice(0, -1).map((span) => {
        const range = document.createRange();
        range.selectNodeContents(span);
        const ring = parseFloat(getComputedStyle(span.nextElementSibling!).boxShadow.split(" ").at(-1) ?? "0") || 2;
        return range.getBoundingClientRect().right > span.nextElementSibling!.getBoundingClientRect().left - ring;
      }),
    );
    expect(hidden).toEqual([false, false, false]);

    await trigger.click();
    const list = page.getByRole("list", { name: "Online users" });
    await expect(list.getByRole("listitem")).toHaveCount(5);
    expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual([
      "300px",
      "auto",
    ]);
    await page.keyboard.press("Escape");
  } finally {
    for (const ws of sockets) ws.close();
  }
  await expect(artist.page.getByRole("button", { name: "Online users: 1" })).toBeVisible();
});

test("signing out ends the realtime connection in every tab of that session at once", async ({ connect }) => {
  const lee = await connect({ email: "lee@example.com", password: "salt marsh at low tide", name: "Lee" }, true);
  const second = await lee.context.newPage();
  await second.goto(`${server.url}/gallery`);
  await expect(second.getByRole("button", { name: "Connection status: Connected" })).toBeVisible();
  await second.getByRole("button", { name: "Connection status: Connected" }).click();
  await expect(second.getByRole("dialog", { name: "Connection" })).toBeVisible();
  await second.keyboard.press("Escape");
  await expect(artist.page.getByRole("button", { name: "Online users: 2" })).toBeVisible();

  // Lee signs out in the first tab; the second tab's socket is closed by the server, not by a page load.
  await lee.page.request.post(`${server.url}/auth/sign-out`, { headers: { origin: server.url }, maxRedirects: 0 });
  await expect(second.getByRole("button", { name: "Connection status: Disconnected" })).toBeVisible({ timeout: 5000 });
  await expect(artist.page.getByRole("button", { name: "Online users: 1" })).toBeVisible();
});

test("the artist's bell rings when a visitor writes, and the note can be read and deleted", async ({ page }) => {
  const bell = artist.page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  await sendContactMessage(page, `${server.url}/contact`, {
    name: "Ines Collector",
    email: "ines@example.com",
    message: "Do you ship paintings to Portugal?",
  });

  // No reload on the artist's page: the badge appears by itself.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await expect(artist.page.getByTestId("notification-badge")).toHaveText("1");
  await bell.click();
  const list = artist.page.getByRole("list", { name: "Notifications" });
  await expect(list.getByRole("link", { name: "New message from Ines Collector" })).toBeVisible();
  // At most 400 px high, scrolling beyond (spec 9.9).
  expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual([
    "400px",
    "auto",
  ]);
  // A message is news, not an alarm: the information icon, no priority mark (spec §3).
  await expect(list.getByRole("listitem").getByRole("img", { name: "Information" })).toBeVisible();
  await expect(list.getByText(/^(Urgent|High)$/)).toHaveCount(0);
  // Its time is the browser's, and says which zone that is (the admin's other times are the studio's).
  await expect(
    list.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s[AP]M (?:[A-Z]{2,5}|GMT[+-][\d:]+)$/),
  ).toBeVisible();
  await list.getByRole("button", { name: "Mark as read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(artist.page.getByTestId("notification-badge")).toHaveCount(0);
  await list.getByRole("button", { name: "Delete notification: New message from Ines Collector" }).click();
  await expect(artist.page.getByText("No notifications yet.")).toBeVisible();

  // It stays deleted after a reload (the server agreed).
  await artist.page.reload();
  await artist.page.getByRole("button", { name: "Notifications" }).click();
  await expect(artist.page.getByRole("dialog", { name: "Notifications" })).toContainText("No notifications yet.");
  await artist.page.keyboard.press("Escape");
});

test("the artist's message to everyone online appears at once on a visitor's page (spec §6 broadcast)", async ({
  browser,
  connect,
}) => {
  const visitor = await connect(
    { email: "kit@example.com", password: "salt wind over dunes", name: "Kit Reader" },
    true,
  );
  const admin = await adminContext(browser, server.url);
  const dashboard = await admin.newPage();
  await dashboard.goto(`${server.url}/admin`);
  const form = dashboard.getByRole("region", { name: "Message to everyone online" });
  await form.getByRole("button", { name: "Send to everyone online" }).click();
  await expect(form.getByRole("status")).toHaveText("Write the message first.");
  await form.getByLabel("Message").fill("New collection live: Tidewater, twelve new paintings");
  await form.getByRole("button", { name: "Send to everyone online" }).click();
  await expect(form.getByRole("status")).toHaveText(/^Sent to \d+ (person|people) online\.$/);

  // No reload on the visitor's page: the note appears by itself, once.
  const activity = visitor.page.getByRole("region", { name: /^Activity/ });
  const note = activity.getByText("New collection live: Tidewater, twelve new paintings");
  await expect(note).toBeVisible();
  await expect(activity.getByText("From the studio")).toBeVisible();
  await expect(note).toHaveCount(1);
  await admin.close();
});

test("the connection status follows the network: offline, then connected again", async () => {
  const { context, page } = artist;
  await context.setOffline(true);
  await expect(page.getByRole("button", { name: "Connection status: Disconnected" })).toBeVisible();
  // Spec §4: going offline gives disconnected; the last round trip measured is not shown as the latency now.
  await page.getByRole("button", { name: "Connection status: Disconnected" }).click();
  await expect(page.getByTestId("connection-state")).toHaveText("Disconnected");
  await expect(page.getByText("— (offline)")).toBeVisible();
  await page.keyboard.press("Escape");
  await context.setOffline(false);
  await expect(page.getByRole("button", { name: "Connection status: Connected" })).toBeVisible();
  await page.getByRole("button", { name: "Connection status: Connected" }).click();
  await expect(page.getByTestId("connection-state")).toHaveText("Connected");
  await expect(page.getByText(/^\d+ ms \((excellent|good|poor|offline)\)$/)).toBeVisible();
  await context.close();
});

test("a slow connection says 'High latency detected' in the connection popover (spec 8.8)", async ({ browser }) => {
  const context = await adminContext(browser, server.url);
  // Every answer to a ping arrives 250 ms late, as over a slow network; everything else on time.
  await context.routeWebSocket(/\/realtime$/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((message) => upstream.send(message));
    upstream.onMessage((message) => {
      if (String(message).includes('"t":"pong"')) setTimeout(() => ws.send(message), 250);
      else ws.send(message);
    });
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  const status = page.getByRole("button", { name: "Connection status: Connected" });
  await expect(status).toBeVisible();
  await status.click();
  await expect(page.getByText("High latency detected")).toBeVisible();
  await expect(page.getByText(/^\d+ ms \((excellent|good|poor|offline)\)$/)).toHaveText(/^([2-9]\d{2}|\d{4,}) ms /);
  await context.close();
});

test("the realtime endpoint refuses anonymous and cross-site connections", async () => {
  const attempt = (headers: Record<string, string>) =>
    new Promise<{ status: number; closeCode?: number; messages: number }>((resolve) => {
      const ws = new WebSocket(`${server.url.replace("http", "ws")}/realtime`, { headers });
      let messages = 0;
      ws.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode ?? 0, messages }));
      ws.on("message", () => messages++);
      ws.on("close", (code) => resolve({ status: 101, closeCode: code, messages }));
      ws.on("error", () => resolve({ status: -1, messages }));
    });
  // Without a session: closed at once with 4401, having been told nothing.
  expect(await attempt({ origin: server.url })).toEqual({ status: 101, closeCode: 4401, messages: 0 });
  // From another site: refused outright.
  expect(await attempt({ origin: "https://evil.example" })).toMatchObject({ status: 403 });
});

test("a person can show themselves as busy; the artist's list says so, and it stays after a reload", async ({
  connect,
}) => {
  const mara = await connect(ADMIN);
  const ren = await connect(REN, true);
  await openOnlineUsers(ren.page);
  const status = ren.page.getByRole("group", { name: "Your status" });
  await expect(status.getByRole("radio", { name: "Online" })).toBeChecked();
  await status.getByRole("radio", { name: "Busy" }).check();
  await ren.page.keyboard.press("Escape");

  await openOnlineUsers(mara.page);
  const entry = onlineEntry(mara.page, "Ren Okafor");
  await expect(entry).toContainText("busy");
  await mara.page.keyboard.press("Escape");

  await reloadConnected(ren.page);
  await openOnlineUsers(ren.page);
  await expect(status.getByRole("radio", { name: "Busy" })).toBeChecked();
  await status.getByRole("radio", { name: "Online" }).check();
  await openOnlineUsers(mara.page);
  await expect(entry).toContainText("online");
  await mara.page.keyboard.press("Escape");
});

test("a person whose page is hidden shows as away, and online again when it is shown (spec 4.9)", async ({
  connect,
}) => {
  const mara = await connect(ADMIN);
  const sol = await connect({ email: "sol@example.com", password: "umber fields at noon", name: "Sol Varga" }, true);
  /** What the browser does when its tab goes to the background, or comes back. */
  const setHidden = (hidden: boolean) =>
    sol.page.evaluate((value) => {
      Object.defineProperty(document, "visibilityState", { value: value ? "hidden" : "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);
  await openOnlineUsers(mara.page);
  const entry = onlineEntry(mara.page, "Sol Varga");
  await expect(entry).toContainText("online");
  await setHidden(true);
  await expect(entry).toContainText("away");
  await setHidden(false);
  await expect(entry).toContainText("online");
  await mara.page.keyboard.press("Escape");
});

test("a person can share a status note; the artist sees it beside their name, and a cleared note goes", async ({
  connect,
}) => {
  const mara = await connect(ADMIN);
  const ren = await connect(REN);
  await openOnlineUsers(ren.page);
  await ren.page.getByLabel("Status note").fill("Framing the harbour series");
  await ren.page.getByRole("button", { name: "Share" }).click();
  await expect(ren.page.getByRole("button", { name: "Clear" })).toBeVisible();
  await ren.page.keyboard.press("Escape");

  await openOnlineUsers(mara.page);
  const entry = onlineEntry(mara.page, "Ren Okafor");
  await expect(entry).toContainText("“Framing the harbour series”");
  await mara.page.keyboard.press("Escape");

  // Kept in the browser: a reload shares it again.
  await reloadConnected(ren.page);
  await openOnlineUsers(ren.page);
  await expect(ren.page.getByLabel("Status note")).toHaveValue("Framing the harbour series");
  await ren.page.getByRole("button", { name: "Clear" }).click();
  await expect(ren.page.getByLabel("Status note")).toHaveValue("");

  await openOnlineUsers(mara.page);
  await expect(entry).toBeVisible();
  await expect(entry).not.toContainText("Framing");
});

test("a notification read offline waits in realtime_queue and is read on the server once back online", async ({
  connect,
  page,
}) => {
  const mara = await connect(ADMIN);
  await sendContactMessage(page, `${server.url}/contact`, {
    name: "Theo Offline",
    email: "theo@example.com",
    message: "Is the large harbour painting still available?",
  });
  const bell = mara.page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");

  await mara.context.setOffline(true);
  await expect(mara.page.getByRole("button", { name: "Connection status: Disconnected" })).toBeVisible();
  await bell.click();
  await mara.page.getByRole("list", { name: "Notifications" }).getByRole("button", { name: "Mark as read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications");
  const queued = await mara.page.evaluate(
    () => JSON.parse(localStorage.getItem("realtime_queue") ?? "[]") as { table: string; type: string }[],
  );
  expect(queued.map((op) => [op.table, op.type])).toEqual([["notifications", "update"]]);

  await mara.context.setOffline(false);
  await expect(mara.page.getByRole("button", { name: "Connection status: Connected" })).toBeVisible();
  await expect.poll(() => mara.page.evaluate(() => localStorage.getItem("realtime_queue"))).toBeNull();
  await mara.page.reload();
  await expect(mara.page.getByRole("button", { name: "Notifications" })).toBeVisible();
});
