// Spec §2 Admin layout: every sidebar item opens its page, the active item is highlighted (Dashboard only on an
// exact match), the header names the signed-in admin, Ctrl+B collapses the sidebar and the cookie keeps it
// collapsed across a reload, and the dashboard's counts lead to their pages.
import type { Page } from "@playwright/test";
import { ADMIN } from "../support/accounts";
import { adminTest as test, expect } from "../support/admin-fixtures";
import { waitForHydration } from "../support/fixtures";

/**
 * The five groups of spec §2, in order, plus Orders (shop issue), Holds and Viewing Rooms in Business, Policies in
 * Website and Newsletter in Communications (issue 14), each after the spec's items: each item's label and the page it
 * opens, whose heading is the label again.
 */
const GROUPS: Record<string, Record<string, string>> = {
  Overview: { Dashboard: "/admin" },
  Content: {
    "Artwork Upload": "/admin/upload",
    "Bulk Import (CSV/spreadsheet)": "/admin/import",
    "Artwork Management": "/admin/artworks",
    "Status Management": "/admin/status",
    Categorization: "/admin/categorization",
  },
  Business: {
    "Commission Pipeline": "/admin/commissions",
    "Customer Management": "/admin/customers",
    "Invoice Generation": "/admin/invoices",
    "Exhibition Management": "/admin/exhibitions",
    "Inventory Management": "/admin/inventory",
    Orders: "/admin/orders",
    Holds: "/admin/holds",
    "Viewing Rooms": "/admin/rooms",
  },
  Website: {
    "Homepage Editor": "/admin/homepage",
    "About Page": "/admin/about",
    "Upload Photos": "/admin/artist-photos",
    "Manage Photos": "/admin/manage-photos",
    "Blog Posts": "/admin/blog",
    Policies: "/admin/policies",
  },
  Communications: {
    "Contact Messages": "/admin/messages",
    Analytics: "/admin/analytics",
    Settings: "/admin/settings",
    Newsletter: "/admin/newsletter",
  },
};

/** The spec's own item names: none is even part of another link's name on any admin page. */
const SPEC_LABELS = [
  "Artwork Upload",
  "Bulk Import (CSV/spreadsheet)",
  "Artwork Management",
  "Status Management",
  "Categorization",
  "Commission Pipeline",
  "Customer Management",
  "Invoice Generation",
  "Exhibition Management",
  "Inventory Management",
  "Homepage Editor",
  "About Page",
  "Upload Photos",
  "Manage Photos",
  "Blog Posts",
  "Contact Messages",
  "Analytics",
  "Settings",
];

test("the sidebar lists the five groups in order and every item opens its page, highlighted", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/admin");
  const sidebar = page.getByRole("complementary", { name: "Admin sidebar" });
  const nav = sidebar.getByRole("navigation", { name: "Admin" });

  for (const [group, items] of Object.entries(GROUPS)) {
    const list = nav.getByRole("list", { name: group });
    await expect(list.getByRole("link")).toHaveText(Object.keys(items));
  }

  for (const [label, path] of Object.values(GROUPS).flatMap((items) => Object.entries(items))) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    // The page is named by the item's label, without the sidebar's detail ("Bulk Import (CSV/spreadsheet)").
    const title = label.replace(/ \(.*\)$/, "");
    await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
    // Every admin page is titled alike, never indexed and its links never followed (Orders was "Orders | Admin").
    await expect(page).toHaveTitle(`${title} · Admin`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    // Exactly the chosen item is the current page.
    await expect(nav.locator('[aria-current="page"]')).toHaveText(label);
    await expectSidebarNamesOnce(page);
  }
});

/**
 * No link of the page shares a sidebar item's name, so any item is found by its name alone: each item's name
 * exactly, and the spec's names even as part of another link's name.
 */
async function expectSidebarNamesOnce(page: Page) {
  for (const label of Object.values(GROUPS).flatMap((items) => Object.keys(items)))
    await expect(page.getByRole("link", { name: label, exact: true }), label).toHaveCount(1);
  for (const label of SPEC_LABELS) await expect(page.getByRole("link", { name: label }), label).toHaveCount(1);
}

test("a record's page leads back to its list by a name of its own, not the sidebar item's", async ({ page }) => {
  await page.goto("/admin/blog/new");
  await expect(page.getByRole("link", { name: "All posts" })).toHaveAttribute("href", "/admin/blog");
  await expectSidebarNamesOnce(page);

  await page.goto("/admin/artworks");
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/artworks\/[^/]+\/edit$/);
  await expect(page.getByRole("link", { name: "All works" })).toHaveAttribute("href", "/admin/artworks");
  await expectSidebarNamesOnce(page);
  // A commission's page: admin-commission.spec.ts, which makes one.
});

test("Dashboard is highlighted only on an exact match; other items also on their sub-pages", async ({ page }) => {
  await page.goto("/admin/blog/new");
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
  const nav = page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Blog Posts" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");

  await page.goto("/admin");
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
});

test("the header shows 'Admin Dashboard', the admin's name and role, and a Sign Out button", async ({ page }) => {
  await page.goto("/admin");
  const header = page.getByRole("banner");
  await expect(header.getByText("Admin Dashboard", { exact: true })).toBeVisible();
  await expect(header.getByText(ADMIN.name, { exact: true })).toBeVisible();
  await expect(header.getByText("Admin", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  // The demo site's title is the artist's name too, and the page says it once: the sidebar leads to the site instead.
  await expect(page.getByText(ADMIN.name)).toHaveCount(1);
  await expect(
    page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("link", { name: "View site" }),
  ).toHaveAttribute("href", "/");
});

test("Ctrl+B collapses the sidebar to icons and the cookie keeps it collapsed after a reload", async ({ page }) => {
  await page.goto("/admin");
  const sidebar = page.getByRole("complementary", { name: "Admin sidebar" });
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  const toggle = sidebar.getByRole("button", { name: "Toggle Sidebar" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(toggle).toHaveAttribute("title", "Collapse sidebar (Ctrl+B)");
  const expandedWidth = (await sidebar.boundingBox())!.width;
  expect(expandedWidth).toBe(256); // 16rem

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(48); // 3rem
  // Labels stay for assistive technology; the links keep working as icons.
  await expect(sidebar.getByRole("link", { name: "Bulk Import" })).toBeVisible();

  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  // Seven days, give or take the seconds the test takes.
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(6.99);
  expect(days).toBeLessThanOrEqual(7);

  // The server renders the remembered state: the HTML already says collapsed, before any script runs.
  const html = await (await page.request.get("/admin")).text();
  expect(html).toContain('data-state="collapsed"');
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  // The button does what the keys do.
  await toggle.click();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await toggle.click();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

test("the dashboard's counts link to their pages", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const catalogue = page.getByRole("region", { name: "Catalogue" });
  const business = page.getByRole("region", { name: "Business" });
  const cases: { area: typeof catalogue; label: RegExp; url: RegExp; heading: string }[] = [
    { area: catalogue, label: /^Artworks\s*\d+/, url: /\/admin\/artworks$/, heading: "Artwork Management" },
    {
      area: catalogue,
      label: /^Available\s*\d+/,
      url: /\/admin\/artworks\?availability=available$/,
      heading: "Artwork Management",
    },
    {
      area: catalogue,
      label: /^Sold\s*\d+/,
      url: /\/admin\/artworks\?availability=sold$/,
      heading: "Artwork Management",
    },
    {
      area: catalogue,
      label: /^Featured\s*\d+/,
      url: /\/admin\/artworks\?featured=yes$/,
      heading: "Artwork Management",
    },
    { area: business, label: /^Revenue this month/, url: /\/admin\/orders$/, heading: "Orders" },
    { area: business, label: /^Open commissions/, url: /\/admin\/commissions$/, heading: "Commission Pipeline" },
    { area: business, label: /^Unread messages/, url: /\/admin\/messages$/, heading: "Contact Messages" },
  ];
  for (const { area, label, url, heading } of cases) {
    await page.goto("/admin");
    await area.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  }
});

test("the Sold count matches the sold filter of Artwork Management", async ({ page }) => {
  await page.goto("/admin");
  const sold = page.getByRole("region", { name: "Catalogue" }).getByRole("link", { name: /^Sold/ });
  const count = Number((await sold.locator("p").nth(1).textContent())?.trim());
  expect(count).toBeGreaterThan(0);
  await sold.click();
  await expect(page.getByRole("heading", { level: 1, name: "Artwork Management" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" }).getByText(new RegExp(`of ${count}$`))).toBeVisible();
});

test("while the next admin page loads, the content area says 'Loading...', then shows that page (spec 2.39)", async ({
  page,
}) => {
  await page.goto("/admin");
  await waitForHydration(page);
  // The next page's data held until the fallback has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/inventory\.data/, async (route) => {
    await held;
    await route.continue();
  });
  const nav = page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: "Inventory Management", exact: true }).click();
  const main = page.locator("#admin-main");
  await expect(main.getByRole("status")).toHaveText("Loading...");
  await expect(main).toHaveAttribute("aria-busy", "true");
  // The page being left is hidden meanwhile, not shown beside the fallback.
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeHidden();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management", exact: true })).toBeVisible();
  await expect(main.getByText("Loading...", { exact: true })).toHaveCount(0);
  await expect(main).toHaveAttribute("aria-busy", "false");
});
