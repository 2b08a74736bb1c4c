// Categorization end to end: the artist adds a category, finds a work by the search box beside its visible label,
// ticks it and adds the category to it; a visitor's gallery then filters by that category and finds the work.
// Taken off again and deleted, the category leaves the gallery's choices.
import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";
import { expect, ownServerTest as test } from "../support/own-admin-server";
import { waitForHydration } from "../support/fixtures";

const CATEGORY = "Harbour Studies";
const work = DEMO_ARTWORKS[3]!;

test("a category added to a ticked work filters the gallery to it; deleted, it is gone from the gallery", async ({
  adminPage: page,
  visitor,
}) => {
  await page.goto("/admin/categorization");
  await expect(page.getByRole("heading", { level: 1, name: "Categorization" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "New category" }).fill(CATEGORY);
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText(`Added “${CATEGORY}”.`)).toBeVisible();
  const terms = page.getByRole("list", { name: "Categories" });
  await expect(terms.getByRole("listitem").filter({ hasText: CATEGORY })).toContainText("0");

  // The works' search box is labelled where it stands, not only for a screen reader.
  const label = page.getByText("Search works", { exact: true });
  await expect(label).toBeVisible();
  // (A screen-reader-only label is a 1 px box: Playwright calls that visible too.)
  expect((await label.boundingBox())!.height).toBeGreaterThan(8);
  await page.getByRole("searchbox", { name: "Search works" }).fill(work.title);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText(`matching “${work.title}”`)).toBeVisible();
  await page.getByRole("checkbox", { name: `Tick ${work.title}` }).check();
  await page.getByRole("combobox", { name: "Category for the ticked works (1)" }).selectOption({ label: CATEGORY });
  await page.getByRole("button", { name: "Add to ticked works" }).click();
  await expect(page.getByText("Added to 1 work.")).toBeVisible();
  await expect(page.getByRole("list", { name: `Terms of ${work.title}` })).toContainText(CATEGORY);

  await visitor.goto("/gallery");
  // The gallery's choice names its count of works.
  await visitor.getByLabel("Category").selectOption({ label: `${CATEGORY} (1)` });
  await expect(visitor).toHaveURL(/category=harbour-studies/);
  await expect.poll(() => visitor.locator("main article h2").allInnerTexts()).toEqual([work.title]);

  // Deleted (asked first), the category is no longer one of the gallery's choices.
  await page.getByRole("button", { name: `Delete ${CATEGORY}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted. The works keep everything else.")).toBeVisible();
  await expect(terms.getByRole("listitem").filter({ hasText: CATEGORY })).toHaveCount(0);
  await visitor.goto("/gallery");
  await expect(visitor.getByLabel("Category").getByRole("option", { name: new RegExp(CATEGORY) })).toHaveCount(0);
});
