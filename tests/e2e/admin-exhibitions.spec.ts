// Exhibition Management end to end: a date mistake is shown beside the end date; a published exhibition with a
// work from the catalogue appears on /about under Exhibitions, server-rendered; deleting it asks first.
import { seriousViolations } from "../support/axe";
import { expect, ownServerTest as test } from "../support/own-admin-server";

test.use({ expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test("create an exhibition, see it on the About page, then delete it", async ({
  adminPage: page,
  browser,
  ownServer,
}) => {
  test.setTimeout(120_000);
  const start = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
  const before = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

  await page.goto("/admin/exhibitions");
  await expect(page.getByRole("heading", { level: 1, name: "Exhibition Management" })).toBeVisible();
  await page.getByRole("link", { name: "New exhibition" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New exhibition" })).toBeVisible();
  const form = page.getByRole("form", { name: "Exhibition" });
  await form.getByRole("textbox", { name: "Title", exact: true }).fill("Tidewater Paintings");
  await form.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Group exhibition" });
  await form.getByRole("textbox", { name: "Venue", exact: true }).fill("Galerie Rivage");
  await form.getByRole("textbox", { name: "City (optional)" }).fill("New Orleans");
  await form.getByRole("textbox", { name: "Country (optional)" }).fill("us");
  await form.getByLabel("Start date", { exact: true }).fill(start);
  await form.getByLabel("End date", { exact: true }).fill(before);
  await form.getByRole("textbox", { name: "Description (optional)" }).fill("Six painters of the Gulf coast.");
  const work = form
    .getByRole("group", { name: /Works shown/ })
    .getByRole("checkbox")
    .first();
  const workLabel = (await form
    .getByRole("group", { name: /Works shown/ })
    .locator("label")
    .first()
    .textContent())!
    .replace(/\s*\(\d{4}\)$/, "")
    .trim();
  await work.check();
  await form.getByLabel("Published: show it on the About page").check();
  await form.getByRole("button", { name: "Create exhibition" }).click();

  // The end before the start: refused, the reason beside the end date, what was typed kept.
  const endDate = form.getByLabel("End date", { exact: true });
  await expect(endDate).toHaveAttribute("aria-invalid", "true");
  await expect(endDate).toHaveAccessibleDescription("The end date cannot be before the start date.");
  await expect(form.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Tidewater Paintings");
  await expect(work).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await endDate.fill(end);
  await form.getByRole("button", { name: "Create exhibition" }).click();

  await expect(page).toHaveURL(/\/admin\/exhibitions$/);
  const upcoming = page.getByRole("region", { name: /Upcoming/ });
  const row = upcoming.getByRole("row", { name: /Tidewater Paintings/ });
  await expect(row).toContainText("Galerie Rivage, New Orleans, US");
  await expect(row).toContainText("Group exhibition");
  await expect(row).toContainText("Published");
  expect(await seriousViolations(page)).toEqual([]);

  // The About page, for a visitor, without JavaScript: server-rendered.
  const visitor = await browser.newContext({ baseURL: ownServer.url, javaScriptEnabled: false });
  const about = await visitor.newPage();
  await about.goto("/about");
  const section = about.getByRole("region", { name: "Exhibitions" });
  await expect(section.getByRole("heading", { name: "Upcoming and current" })).toBeVisible();
  await expect(section.getByRole("heading", { name: "Tidewater Paintings" })).toBeVisible();
  await expect(section).toContainText("Galerie Rivage, New Orleans, US · Group exhibition");
  await expect(section.getByRole("link", { name: workLabel })).toBeVisible();
  await visitor.close();
  // Accessibility of the section, with scripts on (axe runs in the page).
  const reader = await browser.newContext({ baseURL: ownServer.url });
  const aboutPage = await reader.newPage();
  await aboutPage.goto("/about");
  await expect(aboutPage.getByRole("region", { name: "Exhibitions" })).toBeVisible();
  expect(await seriousViolations(aboutPage)).toEqual([]);
  await reader.close();

  // Delete asks first.
  await row.getByRole("button", { name: "Delete Tidewater Paintings" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete “Tidewater Paintings”?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Delete Tidewater Paintings" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toHaveText("Exhibition deleted.");
  await expect(page.getByText("No exhibitions yet.")).toBeVisible();
});
