// Provenance end to end (issue 15 item 7), on a server of its own (it sells a work and adds an exhibition): a
// buyer orders a work that the artist showed in an exhibition; the artist marks it paid (its certificate is
// issued), opens the work's edit page and reads its whole history there, the buyer named and linked to the
// order; adds an entry of their own; turns on "Show provenance on the artwork page". An anonymous visitor then
// reads the history on the artwork page without the buyer; turned off, it is gone on the next request (the
// page cache is evicted by catalog.changed).
import type { Browser, Page } from "@playwright/test";
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { adminContext } from "../support/admin-fixtures";
import { specServer, visitorPage } from "../support/app-server";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { addToCartFromShop, checkOut, shopEntry } from "../support/shop-flow";

const SHOTS = process.env.PROVENANCE_SHOTS_DIR;
const BUYER = { name: "Iris Provenance", email: "iris.provenance@example.com" };
const TITLE = "Magnolia Static";

const server = specServer({ ...ADMIN_SERVER_ENV }, { data: "demo" });
const visitor = (browser: Browser, width = 1280) =>
  visitorPage(browser, server.url, { viewport: { width, height: 900 } });

async function shot(page: Page, name: string, target?: ReturnType<Page["getByRole"]>) {
  const path = SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`);
  if (target) await target.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

test("the artist shows a sold work's provenance on its page; visitors never see the buyer", async ({ browser }) => {
  test.setTimeout(240_000);

  // A buyer orders the work (bank transfer).
  const buyer = await visitor(browser);
  await buyer.goto("/shop");
  const href = await shopEntry(buyer, TITLE)
    .getByRole("link", { name: TITLE, exact: true })
    .first()
    .getAttribute("href", { timeout: 10_000 });
  expect(href).toMatch(/^\/artwork\/[0-9a-f-]{36}$/);
  const artworkId = href!.split("/").pop()!;
  await addToCartFromShop(buyer, TITLE);
  await buyer.goto("/checkout");
  const orderNumber = await checkOut(buyer, {
    name: BUYER.name,
    email: BUYER.email,
    street: "40 Royal Street",
    city: "Savannah",
    state: "GA",
    zip: "31401",
  });

  // The artist: an exhibition the work was in, then the payment (which issues the certificate).
  const artistContext = await adminContext(browser, server.url);
  const artist = await artistContext.newPage();
  await artist.goto("/admin/exhibitions/new");
  const form = artist.getByRole("form", { name: "Exhibition" });
  await form.getByRole("textbox", { name: "Title", exact: true }).fill("Night Gardens");
  await form.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Solo exhibition" });
  await form.getByRole("textbox", { name: "Venue", exact: true }).fill("Galerie Rivage");
  await form.getByRole("textbox", { name: "City (optional)" }).fill("Lyon");
  await form.getByRole("textbox", { name: "Country (optional)" }).fill("FR");
  await form.getByLabel("Start date", { exact: true }).fill("2025-03-01");
  await form.getByLabel("End date", { exact: true }).fill("2025-04-15");
  await form
    .getByRole("group", { name: /Works shown/ })
    .getByRole("checkbox", { name: new RegExp(TITLE) })
    .check();
  await form.getByLabel("Published: show it on the About page").check();
  await form.getByRole("button", { name: "Create exhibition" }).click();
  await expect(artist).toHaveURL(/\/admin\/exhibitions$/);

  await artist.goto(`/admin/orders?q=${orderNumber}`);
  await artist.getByRole("link", { name: orderNumber }).click();
  await artist.getByRole("button", { name: "Mark paid" }).click();
  await expect(artist.getByText(`Order ${orderNumber} is marked paid.`)).toBeVisible();
  const orderUrl = new URL(artist.url()).pathname;

  // The work's edit page: its whole history, the buyer named and linked to the order.
  await artist.goto(`/admin/artworks/${artworkId}/edit`);
  const panel = artist.getByRole("region", { name: "Provenance" });
  const history = panel.getByRole("list", { name: "Provenance history" });
  await expect(history).toContainText("Exhibited: Night Gardens, Galerie Rivage");
  await expect(history).toContainText("March 1 – April 15, 2025");
  await expect(history).toContainText("Lyon, France");
  await expect(history).toContainText(`Sold to ${BUYER.name} (order ${orderNumber})`);
  await expect(history.getByRole("link", { name: BUYER.name })).toHaveAttribute("href", orderUrl);
  await expect(history).toContainText(/Certificate of authenticity COA-\d{4}-0001 issued/);
  const certificate = /COA-\d{4}-0001/.exec((await history.textContent()) ?? "")![0];

  // An entry of the artist's own: refused without a description (beside the field), then added.
  const add = panel.getByRole("form", { name: "Add an entry" });
  await add.getByLabel("What happened").selectOption({ label: "On loan" });
  await add.getByLabel("Date").fill("2026-02-01");
  await add.getByRole("button", { name: "Add entry" }).click();
  const description = add.getByRole("textbox", { name: "Details" });
  await expect(description).toHaveAttribute("aria-invalid", "true");
  await expect(description).toHaveAccessibleDescription(/Say what happened/);
  await description.fill("Lent to the Telfair Museums");
  await add.getByRole("textbox", { name: "Place" }).fill("Savannah, United States");
  await add.getByRole("button", { name: "Add entry" }).click();
  await expect(history).toContainText("On loan: Lent to the Telfair Museums");
  await expect(description).toHaveValue("");
  expect(await seriousViolations(artist)).toEqual([]);

  // Off by default: the visitor's page has no provenance yet.
  const reader = await visitor(browser);
  await reader.goto(`/artwork/${artworkId}`);
  await expect(reader.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(reader.getByRole("region", { name: "Provenance" })).toHaveCount(0);

  // The artist turns it on.
  const toggle = panel.getByRole("switch", { name: "Show provenance on the artwork page" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  const turnedOn = artist.waitForResponse((r) => r.url().includes("/provenance") && r.request().method() === "POST");
  await toggle.click();
  expect((await turnedOn).ok()).toBe(true);
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await panel.scrollIntoViewIfNeeded();
  await shot(artist, "admin-provenance-1280", panel);
  await artist.setViewportSize({ width: 375, height: 812 });
  await shot(artist, "admin-provenance-375", panel);
  await artist.setViewportSize({ width: 1280, height: 900 });

  // The anonymous visitor: the history, calm and without the buyer.
  await reader.reload();
  const section = reader.getByRole("region", { name: "Provenance" });
  await expect(section).toBeVisible();
  const items = section.getByRole("listitem");
  await expect(items).toHaveText([
    /^2025\s*Made by the artist/,
    /^March 1 – April 15, 2025\s*Exhibited: Night Gardens, Galerie RivageLyon, France$/,
    /On loan: Lent to the Telfair MuseumsSavannah, United States$/,
    /Private collection\s*United States$/,
    new RegExp(`Certificate of authenticity ${certificate} issued$`),
  ]);
  const page = await reader.locator("body").innerText();
  for (const secret of [BUYER.name, BUYER.email, "Royal Street", "Iris"]) expect(page).not.toContain(secret);
  expect(page).not.toMatch(new RegExp(`\\b${orderNumber}\\b`));
  expect(await section.innerText()).not.toContain("Savannah, GA");
  expect(await seriousViolations(reader)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await shot(reader, "artwork-provenance-1280");
  await reader.setViewportSize({ width: 375, height: 812 });
  await shot(reader, "artwork-provenance-375");

  // Turned off: gone on the next request.
  const turnedOff = artist.waitForResponse((r) => r.url().includes("/provenance") && r.request().method() === "POST");
  await toggle.click();
  expect((await turnedOff).ok()).toBe(true);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await reader.reload();
  await expect(reader.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(reader.getByRole("region", { name: "Provenance" })).toHaveCount(0);
});
