// Settings, Shop section: the artist changes shipping, pickup and tax, a mistake is named beside its field
// with what was typed kept, and checkout offers what was saved. On a server of its own (the shared one's
// shop specs count on the demo's rates).
import { addToCartFromShop } from "../support/shop-flow";
import { expect, ownServerTest as test } from "../support/own-admin-server";

/** Whether a press at the middle of `element` reaches it (nothing lies on top of it). */
function isUncovered(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
}

test("the shop's shipping, pickup and tax are edited on Settings and checkout follows them", async ({ adminPage }) => {
  const page = adminPage;
  await page.goto("/admin/settings");
  const shop = page.getByRole("region", { name: "Shop" });
  await expect(shop.getByLabel("Tax rate (%)")).toHaveValue("9.45");
  await expect(shop.getByLabel("Region 1 name")).toHaveValue("United States");

  // A mistake first: named beside the field, and what was typed is kept.
  await shop.getByLabel("Tax rate (%)").fill("75");
  await shop.getByLabel("Region 1 rate (USD)").fill("120");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(shop.getByText("Enter a rate from 0 to 50 %, e.g. 9.45.")).toBeVisible();
  await expect(shop.getByLabel("Region 1 rate (USD)")).toHaveValue("120");
  // The toast that says so leaves the Save button free to press again (it covered it, bottom right, for 5 s).
  await expect(page.locator("[data-sonner-toast]")).toBeVisible();
  const save = page.getByRole("button", { name: "Save settings" });
  expect(await save.evaluate(isUncovered)).toBe(true);

  await shop.getByLabel("Tax rate (%)").fill("5");
  await shop.getByLabel("Shipping method name").fill("Crated shipping");
  await shop.getByLabel("Offer free pickup from the studio").uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(shop.getByLabel("Tax rate (%)")).toHaveValue("5");
  await expect(shop.getByLabel("Region 1 rate (USD)")).toHaveValue("120");
  await expect(shop.getByLabel("Offer free pickup from the studio")).not.toBeChecked();

  await page.goto("/shop");
  await addToCartFromShop(page, "Tidewater Hymn");
  await page.goto("/checkout");
  await expect(page.getByRole("radio", { name: /Crated shipping/ })).toBeVisible();
  await expect(page.getByText("United States: $120")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Collect from the studio/ })).toHaveCount(0);
});
