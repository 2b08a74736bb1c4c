import { expect, test, waitForHydration } from "../support/fixtures";

test("below 768px a bottom bar carries Home, Gallery, Shop, About, Contact", async ({ page }) => {
  await page.goto("/");
  const bar = page.getByRole("navigation", { name: "Mobile" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link")).toHaveText(["Home", "Gallery", "Shop", "About", "Contact"]);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await bar.getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL("/gallery");
  await expect(bar.getByRole("link", { name: "Gallery" })).toHaveAttribute("aria-current", "page");
});

test("the MENU toggle opens a full-screen menu and CLOSE shuts it", async ({ page }) => {
  await page.goto("/gallery");
  // This test is about the menu: it presses once the page is hydrated. Presses before and during hydration are
  // hydration.spec.ts's (one that React handled and the head script also replayed once shut the menu again).
  await waitForHydration(page);
  const toggle = page.getByRole("button", { name: "MENU" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Mobile menu" });
  await expect(menu).toBeVisible();
  // Full-screen: from under the header's bar to the bottom of the screen, opaque over the page below it.
  const box = await page.locator("#mobile-menu").boundingBox();
  expect(box).toEqual({ x: 0, y: 64, width: 375, height: 812 - 64 });
  const covered = await page.evaluate(() =>
    [120, 400, 700].map((y) => document.elementFromPoint(187, y)?.closest("#mobile-menu") !== null),
  );
  expect(covered).toEqual([true, true, true]);
  await expect(page.getByRole("button", { name: "CLOSE" })).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: "CLOSE" }).click();
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "MENU" }).click();
  await menu.getByRole("link", { name: "Commission" }).click();
  await expect(page).toHaveURL("/commissions");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "MENU" })).toBeVisible();
});

test("the gallery is one column of whole images at 375px, with nothing wider than the screen", async ({ page }) => {
  await page.goto("/gallery");
  // Measured against the device width: a too-wide page would also widen the layout viewport.
  for (const path of ["/gallery", "/", "/artwork/salt-ledger", "/about"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
  await page.goto("/gallery");
  const boxes = await page
    .locator("main article")
    .evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().x));
  expect(boxes[0]).toBe(boxes[1]);
});

test("the gallery's filters show their whole choice at 375 px", async ({ page }) => {
  await page.goto("/gallery");
  const filters = page.getByRole("search", { name: "Gallery filters" });
  await expect(filters.getByLabel("Medium")).toHaveValue("");
  // The chosen option's text, at the select's font, beside its padding and arrow (it read "All mediu").
  const cut = await filters.locator("select").evaluateAll((selects) =>
    (selects as HTMLSelectElement[])
      .filter((s) => {
        const style = getComputedStyle(s);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const text = s.options[s.selectedIndex]!.text;
        return context.measureText(text).width + parseFloat(style.paddingLeft) + 20 > s.clientWidth;
      })
      .map((s) => s.name),
  );
  expect(cut).toEqual([]);
});
