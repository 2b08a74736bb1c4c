// The artist's catalogue from the admin (issue 6, "How it is checked"): upload images and see the works on
// /gallery; import a spreadsheet (problems shown row by row and nothing saved, then all rows saved); export
// and re-import gives the same catalogue; drag-and-drop order reaches /gallery; the featured limit is said;
// availability changes for many works at once. All on a server of this spec's own (see own-admin-server.ts).
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, ownServerTest as test } from "../support/own-admin-server";
import { solidPicture } from "../support/images";
import { adminOrderId, buyFromShop, releaseOrder, shopEntry } from "../support/shop-flow";

const galleryTitles = (page: Page) => page.locator("main article h2").allInnerTexts();

/** A small picture of one colour, as PNG or JPEG bytes. */
const picture = (format: "png" | "jpeg", r: number, g: number, b: number) =>
  solidPicture(640, 480, { r, g, b }, format);

/** "Showing 1–25 of 81" on an admin list: the total. */
async function adminTotal(page: Page, path: string): Promise<number> {
  await page.goto(path);
  const text = await page
    .getByRole("navigation", { name: "Pages" })
    .getByText(/^(Showing|No works)/)
    .textContent();
  return text?.startsWith("No works") ? 0 : Number(/of (\d+)$/.exec(text ?? "")?.[1]);
}

/** A CSV of `count` works named "{tag} {n}"; `bad` rows (1-based) get a missing title or an unreadable price or year. */
function catalogueCsv(
  tag: string,
  count: number,
  bad: { missingTitle?: number; badPrice?: number; badYear?: number } = {},
): Buffer {
  const lines = ["Title,Medium,Year,Size,Price (USD),Availability,Featured,Category"];
  for (let n = 1; n <= count; n++) {
    const title = n === bad.missingTitle ? "" : `${tag} ${n}`;
    const price = n === bad.badPrice ? "twelve hundred" : String(400 + n * 10);
    const year = n === bad.badYear ? "circa" : "2025";
    lines.push(`${title},Oil on panel,${year},12 x 16 in,${price},${n % 5 === 0 ? "sold" : "available"},no,Studies`);
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

/** The catalogue as the Bulk Import page exports it (CSV). */
async function exportCsv(page: Page): Promise<string> {
  await page.goto("/admin/import");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export the catalogue (CSV)" }).click();
  return readFileSync(await (await download).path(), "utf8");
}

async function uploadSpreadsheet(page: Page, name: string, buffer: Buffer) {
  await page.goto("/admin/import");
  await page.getByLabel("Spreadsheet (CSV or Excel .xlsx)").setInputFiles({ name, mimeType: "text/csv", buffer });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

test("three uploaded images become works on /gallery", async ({ adminPage: page }) => {
  const tag = `Upload${Date.now().toString(36)}`;
  const files = [
    { name: "harbour-dawn.png", mimeType: "image/png", buffer: await picture("png", 40, 90, 140) },
    { name: "olive-grove.jpg", mimeType: "image/jpeg", buffer: await picture("jpeg", 110, 130, 60) },
    { name: "red-kiln.png", mimeType: "image/png", buffer: await picture("png", 170, 50, 40) },
  ];
  await page.goto("/admin/upload");
  await expect(page.getByRole("heading", { level: 1, name: "Artwork Upload" })).toBeVisible();
  await page.getByLabel("Images to upload").setInputFiles(files);

  const titles = ["Harbour Dawn", "Olive Grove", "Red Kiln"].map((t) => `${t} ${tag}`);
  for (const [i, file] of files.entries()) {
    const form = page.getByRole("form", { name: `Details of ${file.name}` });
    // The title starts from the file name; the artist completes the form.
    await expect(form.getByLabel("Title")).toHaveValue(titles[i]!.replace(` ${tag}`, ""));
    await form.getByLabel("Title").fill(titles[i]!);
    await form.getByLabel("Medium").fill("Oil on linen");
    await form.getByLabel("Year").fill("2026");
    await form.getByLabel("Size").fill('16" x 20"');
    await form.getByLabel("Price (USD)").fill(String(900 + i * 100));
  }
  await page.getByRole("button", { name: "Create all (3)" }).click();
  for (const title of titles) await expect(page.getByText(`Created “${title}”.`)).toBeVisible();

  // New works come first in the gallery.
  await page.goto("/gallery");
  await expect.poll(async () => (await galleryTitles(page)).slice(0, 3).sort()).toEqual([...titles].sort());
  await page
    .getByRole("link", { name: new RegExp(titles[1]!) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: titles[1] })).toBeVisible();
  await expect(page.getByText("Oil on linen").first()).toBeVisible();
});

test("a work sent without its title, or an import without its file, says so beside the field", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/upload");
  await page
    .getByLabel("Images to upload")
    .setInputFiles([{ name: "untitled.png", mimeType: "image/png", buffer: await picture("png", 90, 90, 90) }]);
  const form = page.getByRole("form", { name: "Details of untitled.png" });
  await form.getByLabel("Title").fill("");
  await form.getByLabel("Medium").fill("Charcoal");
  await form.getByRole("button", { name: /^Create/ }).click();
  // The server's answer, not the browser's bubble: beside the field, with what was typed kept.
  await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Title")).toHaveAccessibleDescription(/Enter a title\./);
  await expect(form.getByLabel("Medium")).toHaveValue("Charcoal");

  await page.goto("/admin/artworks");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription(/Enter a title\./);

  await page.goto("/admin/import");
  await page.getByRole("button", { name: "Upload and preview" }).click();
  const file = page.getByLabel("Spreadsheet (CSV or Excel .xlsx)");
  await expect(file).toHaveAttribute("aria-invalid", "true");
  await expect(file).toHaveAccessibleDescription(/Choose a CSV or Excel file\./);
});

test("a CSV with three bad rows shows each problem and imports nothing; fixed, all 50 rows are imported", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const tag = `Imported${Date.now().toString(36)}`;
  const before = await adminTotal(page, "/admin/artworks");

  await uploadSpreadsheet(
    page,
    "works-with-mistakes.csv",
    catalogueCsv(tag, 50, { missingTitle: 7, badPrice: 23, badYear: 31 }),
  );
  await expect(page.getByText("50 rows: 50 new works, 0 updates")).toBeVisible();
  const problems = page.getByRole("region", { name: "3 rows with problems" });
  // Spreadsheet lines: the header is line 1, so the 7th work is on line 8.
  await expect(problems.getByRole("listitem").filter({ hasText: /^Row 8 · Title:/ })).toBeVisible();
  await expect(problems.getByRole("listitem").filter({ hasText: /^Row 24 · Price \(USD\):/ })).toBeVisible();
  await expect(problems.getByRole("listitem").filter({ hasText: /^Row 32 · Year:/ })).toBeVisible();
  await expect(problems.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("link", { name: "With problems (3)" }).click();
  const rows = page.getByRole("region", { name: "Rows as they will be imported" });
  await expect(rows.getByRole("row")).toHaveCount(4); // the header and the three rows
  // An unreadable value is marked in its cell, not left blank as if none had been typed.
  const row32 = rows.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "32" }) });
  await expect(row32.getByRole("cell").nth(3)).toHaveText("?");
  await expect(row32.getByRole("cell").nth(5)).toHaveText("$710");

  // The import is all or nothing: it is not offered until the file is fixed (the server refuses it as a whole
  // too: catalog-import.test.ts). A dry run still says what is wrong.
  await expect(page.getByRole("button", { name: "Import 50 artworks" })).toBeDisabled();
  await expect(page.getByText("Fix the problems above in the file and upload it again to import.")).toBeVisible();
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Row 8" })).toBeVisible();
  expect(await adminTotal(page, "/admin/artworks")).toBe(before);
  expect(await adminTotal(page, `/admin/artworks?q=${tag}`)).toBe(0);

  await uploadSpreadsheet(page, "works-fixed.csv", catalogueCsv(tag, 50));
  const preview = page.url();
  await expect(page.getByRole("region", { name: /with problems/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(
    page.getByText("Dry run passed: 50 new works and 0 updates would be saved. Nothing was saved."),
  ).toBeVisible();
  expect(await adminTotal(page, "/admin/artworks")).toBe(before);

  await page.goto(preview);
  await page.getByRole("button", { name: "Import 50 artworks" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Imported on .+: 50 new works, 0 updates\./ })).toBeVisible();
  expect(await adminTotal(page, "/admin/artworks")).toBe(before + 50);
  expect(await adminTotal(page, `/admin/artworks?q=${tag}`)).toBe(50);

  // The public gallery finds them.
  await page.goto(`/gallery?q=${tag}`);
  await expect(page.getByText("50 works match your selection.")).toBeVisible();
});

test("exporting the catalogue and importing the export gives the same catalogue", async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  const first = await exportCsv(page);
  const works = first.trim().split("\n").length - 1;
  expect(works).toBeGreaterThanOrEqual(28);

  await uploadSpreadsheet(page, "catalogue-export.csv", Buffer.from(first));
  // Every row matches an existing work by its slug: nothing new, every work an update, no problem.
  await expect(page.getByText(`${works} rows: 0 new works, ${works} updates`)).toBeVisible();
  await expect(page.getByRole("region", { name: /with problems|need attention/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(
    page.getByText(`Dry run passed: 0 new works and ${works} updates would be saved. Nothing was saved.`),
  ).toBeVisible();
  await page.getByRole("button", { name: `Import ${works} artworks` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: new RegExp(`Imported on .+: 0 new works, ${works} updates\\.`) }),
  ).toBeVisible();

  expect(await exportCsv(page)).toBe(first);
});

test("an export made before a sale, imported after it, leaves the sold work sold and the preview says why", async ({
  adminPage: page,
  visitor,
}) => {
  test.setTimeout(120_000);
  const title = "Levee Song";
  const before = await exportCsv(page); // the work is on sale: the file says available, 1
  // A buyer orders it by bank transfer; the transfer arrives and the artist marks the order paid.
  const number = await buyFromShop(visitor, title, { name: "Noor Haddad", email: "noor.haddad@example.com" });
  try {
    await page.goto(`/admin/orders/${await adminOrderId(page.request, number)}`);
    await page.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Order ${number} is marked paid.` })).toBeVisible();

    // The old file, imported unchanged: the preview says the sold work keeps its stock, naming the order.
    await uploadSpreadsheet(page, "catalogue-before-the-sale.csv", Buffer.from(before));
    await expect(
      page.getByText(
        /(row updates a work|rows update works) the shop keeps for a buyer \(an unpaid order, a hold\) or has sold: their availability and quantity stay as they are\./,
      ),
    ).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({
        hasText: new RegExp(
          `^Row \\d+: Availability and quantity stay as they are: Order ${number} sold this work\\. To put it back on sale or raise its quantity, change it on the work's page\\.$`,
        ),
      }),
    ).toHaveCount(1);
    await page.getByRole("button", { name: /^Import \d+ artworks$/ }).click();
    await expect(page.getByRole("status").filter({ hasText: /Imported on .+: 0 new works/ })).toBeVisible();

    // Still sold: not in the shop for a second buyer.
    await visitor.goto("/shop");
    await expect(shopEntry(visitor, title)).toHaveCount(0);
  } finally {
    await releaseOrder(new URL(page.url()).origin, number); // refunded: on sale again for the tests after this one
  }
});

test("a keyboard drag in Artwork Management reorders the gallery", async ({ adminPage: page }) => {
  await page.goto("/gallery");
  await expect(page.locator("main article h2").first()).toBeVisible();
  const [firstTitle, secondTitle] = await galleryTitles(page);

  await page.goto("/admin/artworks");
  await expect(page.getByText("Drag the handle of a row to change the order")).toBeVisible();
  const titleCells = page.locator("tbody tr td:nth-child(3) a");
  await expect(titleCells.nth(0)).toHaveText(firstTitle!);
  await expect(titleCells.nth(1)).toHaveText(secondTitle!);

  // @dnd-kit's keyboard alternative: Space picks the row up, ArrowDown moves it, Space drops it. Its live
  // region announces each step; an arrow pressed before the rows are measured is lost, so press until the
  // move is announced (on a slow machine the row may then go down two places, which the checks allow).
  const live = page.locator('[id^="DndLiveRegion"]');
  const id = await page.locator("tbody tr").first().getAttribute("data-artwork-id");
  await page.getByRole("button", { name: `Move ${firstTitle}` }).focus();
  await page.keyboard.press("Space");
  await expect(live).toHaveText(new RegExp(`Picked up draggable item ${id}|over droppable area ${id}\\.`));
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(live).toHaveText(new RegExp(`was moved over droppable area (?!${id})`), { timeout: 1_000 });
  }).toPass();
  await page.keyboard.press("Space");
  await expect(titleCells.nth(0)).toHaveText(secondTitle!);
  const order = (await titleCells.allInnerTexts()).slice(0, 3);
  expect(order.indexOf(firstTitle!)).toBeGreaterThan(0);

  // Saved: it survives a reload and the gallery shows the new order.
  await page.reload();
  await expect.poll(async () => (await titleCells.allInnerTexts()).slice(0, 3)).toEqual(order);
  await page.goto("/gallery");
  await expect.poll(async () => (await galleryTitles(page)).slice(0, 3)).toEqual(order);
});

test("featuring a seventh work says the home page shows only six", async ({ adminPage: page }) => {
  await page.goto("/admin/artworks?featured=no");
  const star = page.getByRole("button", { name: /^Featured: / }).first();
  const title = (await star.getAttribute("aria-label"))!.replace("Featured: ", "");
  const featuredBefore = await adminTotal(page, "/admin/artworks?featured=yes");
  expect(featuredBefore).toBeGreaterThanOrEqual(6);

  await page.goto(`/admin/artworks?q=${encodeURIComponent(title)}`);
  const toggle = page.getByRole("button", { name: `Featured: ${title}`, exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByText(
      `${featuredBefore + 1} works are featured, but the home page shows only the first 6 in your order.`,
      { exact: false },
    ),
  ).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("No longer featured.")).toBeVisible();
  expect(await adminTotal(page, "/admin/artworks?featured=yes")).toBe(featuredBefore);
});

test("Status Management changes the availability of several works at once and logs it", async ({ adminPage: page }) => {
  await page.goto("/admin/status?availability=available");
  await expect(page.getByRole("heading", { level: 1, name: "Status Management" })).toBeVisible();
  // The filter's field and button each answer to their name alone.
  await expect(page.getByLabel("Availability")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(1);
  const boxes = page.getByRole("checkbox", { name: /^Select (?!all)/ });
  const names = await Promise.all(
    [0, 1].map(async (i) => (await boxes.nth(i).getAttribute("aria-label"))!.replace("Select ", "")),
  );
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const bar = page.getByRole("region", { name: "Change the selected works" });
  await expect(bar.getByText("2 selected")).toBeVisible();
  await bar.getByLabel("Change to").selectOption({ label: "Reserved" });
  await bar.getByRole("button", { name: "Update selected" }).click();

  const log = page.getByRole("region", { name: "Recent changes" });
  for (const name of names) await expect(log.getByText(`${name}: Available → Reserved`).first()).toBeVisible();

  await page.goto("/admin/status?availability=reserved");
  const table = page.getByRole("table");
  for (const name of names) await expect(table.getByRole("link", { name, exact: true })).toBeVisible();
});

test("deleting a work from its edit page goes back to Artwork Management", async ({ adminPage: page }) => {
  const title = `Short Lived ${Date.now().toString(36)}`;
  await page.goto("/admin/upload");
  await page
    .getByLabel("Images to upload")
    .setInputFiles([{ name: "short-lived.png", mimeType: "image/png", buffer: await picture("png", 90, 60, 120) }]);
  const form = page.getByRole("form", { name: "Details of short-lived.png" });
  await form.getByLabel("Title").fill(title);
  await form.getByRole("button", { name: "Create artwork" }).click();
  await expect(page.getByText(`Created “${title}”.`)).toBeVisible();
  await page.goto((await page.getByRole("status").getByRole("link", { name: "Edit" }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // No order refers to it: it is deleted, and its page with it.
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page
    .getByRole("alertdialog", { name: `Delete “${title}”?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page).toHaveURL(/\/admin\/artworks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Artwork Management" })).toBeVisible();
  expect(await adminTotal(page, `/admin/artworks?q=${encodeURIComponent(title)}`)).toBe(0);
});

test.describe("an edit page left open while a buyer checks out", () => {
  // The second save's refusal is a 409 (the stock moved), which Chromium logs, as is Status Management's (the
  // order keeps the work), which the page also logs.
  // One pattern: Playwright reads a use() value of two items, the second an object, as [value, options].
  test.use({
    expectedConsoleErrors: [/status of 409 \(Conflict\)|Could not change the availability: .* waiting for payment/],
  });

  test("saving it keeps the buyer's reservation; a change to stock that moved since is refused beside the field", async ({
    adminPage: page,
    visitor,
  }) => {
    const title = "Saffron Threshold";
    await page.goto(`/admin/artworks?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const availability = page.getByLabel("Availability");
    await expect(availability).toHaveValue("available");

    // Meanwhile a buyer orders it by bank transfer: it is reserved for them.
    const number = await buyFromShop(visitor, title, { name: "Ada Reyes", email: "ada.reyes@example.com" });

    // The artist fixes the description on the page opened before, and saves it as it is.
    await page.getByLabel("Description").fill("Saffron and burnt orange, opening onto violet grey.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    // The form shows what was saved, merged with the order: the new description, the work reserved.
    await expect(page.getByLabel("Description")).toHaveValue("Saffron and burnt orange, opening onto violet grey.");
    await expect(availability).toHaveValue("reserved");
    await visitor.goto("/shop");
    await expect(shopEntry(visitor, title)).toHaveCount(0);

    // Status Management will not put it back on sale while the order waits for payment: the notice names it.
    const editPage = page.url();
    await page.goto(`/admin/status?q=${encodeURIComponent(title)}`);
    await page.getByRole("checkbox", { name: `Select ${title}` }).check();
    const bar = page.getByRole("region", { name: "Change the selected works" });
    await bar.getByLabel("Change to").selectOption({ label: "Available" });
    await bar.getByRole("button", { name: "Update selected" }).click();
    await expect(
      page.getByText(`“${title}”: Order ${number} is waiting for payment for this work: cancel the order first.`),
    ).toBeVisible();
    await page.goto(editPage);
    await expect(availability).toHaveValue("reserved");

    // The order is cancelled (the work is back on sale) while the page still says Reserved; the artist marks it
    // sold there: refused beside the field, the page shows what it is now, and a second save is taken.
    await releaseOrder(new URL(page.url()).origin, number);
    await availability.selectOption("sold");
    await page.getByLabel("Description").fill("Kept through a refusal.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(availability).toHaveAttribute("aria-invalid", "true");
    await expect(availability).toHaveAccessibleDescription(
      /Changed to Available since this page was opened \(an order or a hold\)\. Check it and save again\./,
    );
    // The stock as it is now, and what was typed elsewhere still there.
    await expect(availability).toHaveValue("available");
    await expect(page.getByLabel("Quantity")).toHaveValue("1");
    await expect(page.getByLabel("Description")).toHaveValue("Kept through a refusal.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await visitor.goto("/shop");
    await expect(shopEntry(visitor, title)).toHaveCount(1);
  });
});

test("Inventory Management adds up what it lists, and its filters narrow the list (spec 2.30)", async ({
  adminPage: page,
}) => {
  const table = page.getByRole("table", { name: "Works on the site with their stock" });
  const figure = async (name: string) =>
    (await page.locator("dl > div").filter({ hasText: name }).locator("dd").textContent())?.trim();
  const dollars = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
  /** Each listed row's availability, quantity and stock value, as the table shows them (read at once). */
  const listed = () =>
    table.locator("tbody tr").evaluateAll((rows) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? "");
        return { availability: cells[1], quantity: Number(cells[2]), value: cells[4] ?? "" };
      }),
    );

  // The filter bar: the choice goes into the URL, and the list and its figures follow it.
  await page.goto("/admin/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  const filters = page.getByRole("form", { name: "Filter inventory" });
  await filters.getByLabel("Availability").selectOption({ label: "Sold" });
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]availability=sold/);
  // The address changes before the filtered list is drawn (a busy machine showed the old rows): wait for it.
  await expect(table.locator("tbody tr").filter({ hasNotText: "Sold" })).toHaveCount(0);
  const sold = await listed();
  expect(sold.length).toBeGreaterThan(0);
  expect(sold.every((row) => row.availability === "Sold" && row.value === "—")).toBe(true);
  expect(await figure("Value of available stock")).toBe("$0");
  expect(await figure("Works")).toBe(String(sold.length));

  // Out of stock: nothing to count.
  await page.goto("/admin/inventory?stock=out");
  const out = await listed();
  expect(out.every((row) => row.quantity === 0)).toBe(true);
  expect(await figure("Units in stock")).toBe("0");

  // One medium's available works in stock: the figures are the sums of the rows.
  await page.goto("/admin/inventory?availability=available&stock=in&medium=Oil+on+canvas");
  const rows = await listed();
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.availability === "Available" && row.quantity > 0)).toBe(true);
  expect(await figure("Works")).toBe(String(rows.length));
  expect(await figure("Units in stock")).toBe(String(rows.reduce((sum, row) => sum + row.quantity, 0)));
  expect(dollars((await figure("Value of available stock")) ?? "")).toBe(
    rows.reduce((sum, row) => sum + dollars(row.value), 0),
  );
});
