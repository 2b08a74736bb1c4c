// Holds and "Notify me" end to end (issue 15 items 5 and 6), on a server of their own with an SMTP peer: a
// visitor asks to hold a work; the artist approves it from the Holds page; the buyer's mail arrives with its
// link; a second visitor sees "On hold" and cannot buy it; the holder completes the purchase through the link.
// Then: a visitor subscribes on a sold work and on the shop, confirms by mail, the artist publishes a new work,
// the "new works" mail arrives with List-Unsubscribe headers, and its unsubscribe link works. Last, a hold
// lapses (its end moved into the past while the server is stopped; the lapse job releases it after the restart)
// and the visitor who asked "Tell me if this becomes available" gets the mail.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { adminContext, signInAdmin } from "../support/admin-fixtures";
import { specServer, startAppServer, visitorPage, type AppServer } from "../support/app-server";
import { expect, test } from "../support/fixtures";
import { headersOf, oneClickUnsubscribeLink } from "../support/e2e-mail";
import { decodeMime } from "../support/smtp-peer";
import { checkOut } from "../support/shop-flow";
import type { Browser, Page } from "@playwright/test";
import { runTempDir } from "../support/test-run";
import { solidPicture } from "../support/images";

test.describe.configure({ mode: "serial" });

const SHOTS = process.env.HOLDS_SHOTS_DIR;

const server = specServer({ ...ADMIN_SERVER_ENV }, { data: "demo" });
const HOLDER = { name: "Hal Holder", email: "hal@example.com" };

const visitor = (browser: Browser, width = 1280, height = 900) =>
  visitorPage(browser, server.url, { viewport: { width, height } });

async function artistPage(browser: Browser, width = 1280): Promise<Page> {
  return (await adminContext(browser, server.url, width)).newPage();
}

/** The id of a demo work, from the gallery's link to it. */
async function artworkPath(page: Page, title: string): Promise<string> {
  await page.goto("/gallery");
  const href = await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .getAttribute("href");
  expect(href).toMatch(/^\/artwork\/[0-9a-f-]{36}$/);
  return href!;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

test("a hold: request, approval from the admin, the buyer's link, others refused, the holder buys", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await visitor(browser);
  const work = await artworkPath(buyer, "Tidewater Hymn");
  await buyer.goto(work);
  await buyer.getByText("Ask to hold this work").click();
  await buyer.getByLabel("Your name").fill(HOLDER.name);
  await buyer.getByLabel("Email").first().fill(HOLDER.email);
  await buyer.getByLabel(/A note for the artist/).fill("Back from travel on Friday.");
  await buyer.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
  await shot(buyer, "artwork-hold-form-1280");
  await buyer.getByRole("button", { name: "Ask to hold" }).click();
  await expect(buyer.getByText(/Thank you\. Your request is with the artist/)).toBeVisible();
  // The buyer's copy of the request.
  await server.smtp.waitFor((m) => m.to.includes(HOLDER.email) && /hold request/.test(decodeMime(m.raw)), 20_000);

  // The artist: the bell says so, and the Holds page has Approve and Decline.
  const artist = await artistPage(browser);
  await artist.goto("/admin/holds");
  await expect(artist.getByRole("heading", { level: 1, name: "Holds" })).toBeVisible();
  const request = artist.getByRole("listitem").filter({ hasText: "Tidewater Hymn" });
  await expect(request).toContainText("Waiting for you");
  await expect(request).toContainText("Back from travel on Friday.");
  await shot(artist, "admin-holds-1280");
  await artist.setViewportSize({ width: 375, height: 800 });
  await shot(artist, "admin-holds-375");
  await artist.setViewportSize({ width: 1280, height: 900 });
  await request.getByRole("button", { name: `Approve the hold of Tidewater Hymn for ${HOLDER.name}` }).click();
  await expect(artist.getByRole("listitem").filter({ hasText: "Tidewater Hymn" })).toContainText("On hold");

  // The buyer's mail, with the link to complete the purchase.
  const approved = await server.smtp.waitFor(
    (m) => m.to.includes(HOLDER.email) && /is on hold for you/.test(decodeMime(m.raw)),
    20_000,
  );
  const text = decodeMime(approved.raw).replace(/&amp;/g, "&");
  const link = [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]).find((l) => l.includes("&hold="));
  expect(link).toBeDefined();

  // A second visitor: "On hold", no way to buy it, but a way to hear if it comes back.
  const other = await visitor(browser);
  await other.goto(work);
  await expect(other.getByText("On hold", { exact: true })).toBeVisible();
  await expect(other.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
  await expect(other.getByRole("heading", { name: "Tell me if this becomes available" })).toBeVisible();
  await shot(other, "artwork-on-hold-1280");
  const phone = await visitor(browser, 375, 800);
  await phone.goto(work);
  await phone.getByRole("heading", { name: "Tell me if this becomes available" }).scrollIntoViewIfNeeded();
  await shot(phone, "artwork-on-hold-375");
  const phoneAvailable = await visitor(browser, 375, 800);
  await phoneAvailable.goto(await artworkPath(phoneAvailable, "Salt Ledger"));
  await phoneAvailable.getByText("Ask to hold this work").click();
  await phoneAvailable.getByLabel("Your name").scrollIntoViewIfNeeded();
  await shot(phoneAvailable, "artwork-hold-form-375");
  // Buying it directly is refused: the checkout has nothing to offer.
  await other.goto(`/checkout?artwork=${work.split("/").pop()}`);
  await expect(other.getByRole("button", { name: /^Place order/ })).toHaveCount(0);

  // The holder, through the link: the work is there, and the order goes through.
  await buyer.goto(link!);
  await expect(buyer.getByText(/This work is on hold for you until/)).toBeVisible();
  await expect(buyer.getByText("Tidewater Hymn").first()).toBeVisible();
  const number = await checkOut(buyer, {
    name: HOLDER.name,
    email: HOLDER.email,
    street: "1 Esplanade Ave",
    city: "New Orleans",
    state: "LA",
    zip: "70116",
  });
  expect(number).toMatch(/^A-\d{4}-\d{4}$/);
  // The hold is done; the work is reserved by the holder's order.
  await artist.reload();
  await expect(artist.getByRole("listitem").filter({ hasText: "Tidewater Hymn" })).toContainText("Bought");
  await other.goto(work);
  await expect(other.getByText("Reserved", { exact: true })).toBeVisible();
});

test("notify me: subscribe on a sold work and on the shop, confirm, a new work is announced, unsubscribe", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const WAITER = "waiter@example.com";
  const FAN = "fan@example.com";
  const page = await visitor(browser);
  // On a sold work.
  await page.goto(await artworkPath(page, "Low Country Psalm"));
  const waiting = page.getByRole("region", { name: "Tell me if this becomes available" });
  await waiting.getByLabel("Email").fill(WAITER);
  await waiting.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByText("Thank you. Check your inbox and confirm: we will write only then.")).toBeVisible();
  await page.goto(await server.linkFromMail(WAITER, /Confirm/));
  await expect(page.getByRole("heading", { level: 1, name: "Please confirm" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();

  // On the shop: new works.
  await page.goto("/shop");
  const news = page.getByRole("region", { name: "Tell me about new works" });
  await news.getByLabel("Email").fill(FAN);
  await news.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByText("Thank you. Check your inbox and confirm: we will write only then.")).toBeVisible();
  await page.goto(await server.linkFromMail(FAN, /Confirm/));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();

  // The artist publishes a new work.
  const artist = await artistPage(browser);
  await artist.goto("/admin/upload");
  await artist.getByLabel("Images to upload").setInputFiles([
    {
      name: "morning-field.png",
      mimeType: "image/png",
      buffer: await solidPicture(640, 480, { r: 200, g: 170, b: 90 }, "png"),
    },
  ]);
  const form = artist.getByRole("form", { name: "Details of morning-field.png" });
  await form.getByLabel("Title").fill("Morning Field");
  await form.getByLabel("Medium").fill("Oil on linen");
  await form.getByLabel("Price (USD)").fill("1200");
  await form.getByRole("button", { name: "Create artwork" }).click();
  await expect(artist.getByText("Created “Morning Field”.")).toBeVisible();

  // One mail to the "new works" subscriber, with one-click unsubscribe headers; none to the one waiting.
  const mail = await server.smtp.waitFor(
    (m) => m.to.includes(FAN) && /New work: .Morning Field/.test(decodeMime(m.raw)),
    30_000,
  );
  const unsubscribe = oneClickUnsubscribeLink(mail, `${server.url}/alerts/unsubscribe`);
  expect(server.smtp.received.filter((m) => m.to.includes(WAITER) && /New work/.test(decodeMime(m.raw)))).toEqual([]);
  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  // A forged link is refused.
  expect((await page.goto(`${server.url}/alerts/unsubscribe?token=nope`))?.status()).toBe(404);
});

// A browser without JavaScript posts the form itself, and the route answers with a page of its own: refused, the
// form again with what was typed and the error beside its field.
test("without JavaScript, the hold form answers on its own page, and a mistake keeps what was typed", async ({
  browser,
}) => {
  const page = await visitorPage(browser, server.url, { javaScriptEnabled: false });
  await page.goto(await artworkPath(page, "Salt Ledger"));
  await page.getByText("Ask to hold this work").click();
  await page.getByLabel("Your name").fill("No Script");
  await page.getByLabel("Email").first().fill("noscript.example.com");
  await page.getByLabel("A note for the artist").fill("Until the end of the month, please.");
  await page.getByRole("button", { name: "Ask to hold" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "The request was not sent" })).toBeVisible();
  const form = page.getByRole("main");
  const email = form.getByLabel("Email");
  await expect(email).toHaveValue("noscript.example.com");
  await expect(email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
  await expect(form.getByLabel("Your name")).toHaveValue("No Script");
  await expect(form.getByLabel("A note for the artist")).toHaveValue("Until the end of the month, please.");
  await shot(page, "hold-refused-no-js-1280");

  await email.fill("noscript@example.com");
  await form.getByRole("button", { name: "Ask to hold" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();
  await page.context().close();
});

test("without JavaScript, Notify me refused for a mistyped address shows its form again with the address, for the same work", async ({
  browser,
}) => {
  const page = await visitorPage(browser, server.url, { javaScriptEnabled: false });
  await page.goto(await artworkPath(page, "Low Country Psalm"));
  const waiting = page.getByRole("region", { name: "Tell me if this becomes available" });
  await waiting.getByLabel("Email").fill("nojs.waiter.example.com");
  await waiting.getByRole("button", { name: "Notify me" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Not subscribed" })).toBeVisible();
  const email = page.getByRole("main").getByLabel("Email");
  await expect(email).toHaveValue("nojs.waiter.example.com");
  await expect(email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
  await email.fill("nojs.waiter@example.com");
  await page.getByRole("main").getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Almost done" })).toBeVisible();
  // Confirmed, the alert is for that work: its confirmation page names it.
  await page.goto(await server.linkFromMail("nojs.waiter@example.com", /Confirm/));
  await expect(page.getByRole("main")).toContainText("Low Country Psalm");
  await page.context().close();
});

// A hold lapses by the job, and the visitor waiting for the work hears of it. The server is stopped while the
// hold's end (and its queued lapse job) is moved into the past in its embedded database, as the integration
// tests move it; started again on the same data, its job runner finds the lapse due and runs it.
test("a hold lapses by the job and the visitor waiting for the work gets the Notify-me mail", async ({ browser }) => {
  test.setTimeout(300_000);
  const TITLE = "Red Shift Nocturne";
  const WAITER = { name: "Wren Waiting", email: "wren.waiting@example.com" };
  const env = { ...ADMIN_SERVER_ENV };
  const dataDir = runTempDir("atelier-hold-lapse-");
  let own: AppServer | undefined = await startAppServer(env, { data: "demo", dataDir });
  const pageOn = async (at: AppServer, signedIn = false) => {
    const page = await visitorPage(browser, at.url, { viewport: { width: 1280, height: 900 } });
    if (signedIn) await signInAdmin(page.context().request, at.url);
    return page;
  };
  try {
    // A hold, asked for and approved.
    const holder = await pageOn(own);
    await holder.goto("/gallery?q=Red+Shift");
    const work = (await holder
      .getByRole("link", { name: new RegExp(TITLE) })
      .first()
      .getAttribute("href"))!;
    expect(work).toMatch(/^\/artwork\/[0-9a-f-]{36}$/);
    await holder.goto(work);
    await holder.getByText("Ask to hold this work").click();
    await holder.getByLabel("Your name").fill(HOLDER.name);
    await holder.getByLabel("Email").first().fill(HOLDER.email);
    await holder.getByRole("button", { name: "Ask to hold" }).click();
    await expect(holder.getByText(/Thank you\. Your request is with the artist/)).toBeVisible();
    const artist = await pageOn(own, true);
    await artist.goto("/admin/holds");
    await artist.getByRole("button", { name: `Approve the hold of ${TITLE} for ${HOLDER.name}` }).click();
    await expect(artist.getByRole("listitem").filter({ hasText: TITLE })).toContainText("On hold");

    // A visitor asks to hear if it becomes available, and confirms.
    const waiter = await pageOn(own);
    await waiter.goto(work);
    await expect(waiter.getByText("On hold", { exact: true })).toBeVisible();
    const waiting = waiter.getByRole("region", { name: "Tell me if this becomes available" });
    await waiting.getByLabel("Email").fill(WAITER.email);
    await waiting.getByRole("button", { name: "Notify me" }).click();
    await expect(waiter.getByText("Thank you. Check your inbox and confirm: we will write only then.")).toBeVisible();
    await waiter.goto(await own.linkFromMail(WAITER.email, /Confirm/));
    await waiter.getByRole("button", { name: "Confirm" }).click();
    await expect(waiter.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();
    await waiter.context().close();
    await holder.context().close();
    await artist.context().close();

    // The hold's time runs out while the server is down.
    await own.stop();
    own = undefined;
    const db = await PGlite.create({ dataDir: join(dataDir, "pgdata") });
    try {
      const moved = await db.query(
        `update holds set expires_at = now() - interval '1 second' where status = 'approved' returning id`,
      );
      expect(moved.rows).toHaveLength(1);
      const due = await db.query(
        `update jobs set run_at = now() - interval '1 second' where kind = 'shop.hold.lapse' and done_at is null returning id`,
      );
      expect(due.rows).toHaveLength(1);
    } finally {
      await db.close();
    }

    // Started again: the job lapses the hold, the work is offered again, and the waiting visitor is told.
    own = await startAppServer(env, { dataDir });
    const mail = await own.smtp.waitFor(
      (m) => m.to.includes(WAITER.email) && /is available again/.test(decodeMime(m.raw)),
      60_000,
    );
    const text = decodeMime(mail.raw).replace(/&amp;/g, "&");
    expect(text).toContain(`“${TITLE}” is available again`);
    expect(text).toContain(work);
    expect(headersOf(mail)).toMatch(/List-Unsubscribe: <[^>]+\/alerts\/unsubscribe\?token=/);
    const again = await pageOn(own);
    await again.goto(work);
    await expect(again.getByText("On hold", { exact: true })).toHaveCount(0);
    await expect(again.getByRole("button", { name: /Add to Cart/ })).toBeVisible();
    // One mail, however often the job runs.
    expect(
      own.smtp.received.filter((m) => m.to.includes(WAITER.email) && /available again/.test(decodeMime(m.raw))),
    ).toHaveLength(1);
  } finally {
    await own?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
