// The website's content from the admin (issue 6, "How it is checked"): unpublishing the hero takes it off the
// home page; a published blog post is on /blog, its own page, the sitemap and the RSS feed; the about page's
// edits and a new artist photo (alt text required) show on /about. On a server of this spec's own, since the
// public specs running beside it count on the demo content (hero present, no extra posts or photos).
import { randomUUID } from "node:crypto";
import { expect, ownServerTest as test } from "../support/own-admin-server";
import { waitForHydration } from "../support/fixtures";
import { solidPicture } from "../support/images";

const HERO_TITLE = "Paintings of water, weather and light";

test("unpublishing the hero takes it off the home page; publishing brings it back", async ({ adminPage: page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: HERO_TITLE })).toBeVisible();

  await page.goto("/admin/homepage");
  await expect(page.getByRole("heading", { level: 1, name: "Homepage Editor" })).toBeVisible();
  const hero = page.getByRole("article", { name: "Hero section" });
  const published = hero.getByRole("switch", { name: "Published" });
  await expect(published).toHaveAttribute("aria-checked", "true");
  await expect(hero.getByText("Shown on the home page")).toBeVisible();
  await published.click();
  await expect(published).toHaveAttribute("aria-checked", "false");
  await expect(hero.getByText("Not shown")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: HERO_TITLE })).toHaveCount(0);

  await page.goto("/admin/homepage");
  await page.getByRole("article", { name: "Hero section" }).getByRole("switch", { name: "Published" }).click();
  await expect(
    page.getByRole("article", { name: "Hero section" }).getByRole("switch", { name: "Published" }),
  ).toHaveAttribute("aria-checked", "true");
  // The switch turns at once; the server's answer (leaving the page earlier would cancel the save) says so.
  await expect(page.getByRole("article", { name: "Hero section" }).getByText("Shown on the home page")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: HERO_TITLE })).toBeVisible();
});

test.describe("a write the server fails", () => {
  // One pattern: test.use reads a two-item array as a value and its options.
  test.use({ expectedConsoleErrors: [/status of 500|^Could not update the homepage/] });

  test("a switch turned while the server fails turns back, the error is logged and said (spec 4.13, 8.4)", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/homepage");
    await waitForHydration(page);
    const hero = page.getByRole("article", { name: "Hero section" });
    const published = hero.getByRole("switch", { name: "Published" });
    await expect(published).toHaveAttribute("aria-checked", "true");
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    // The server's answer held until the switch has shown the new value, then a failure.
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route(/\/admin\/homepage\.data/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await failing;
      await route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" });
    });
    await published.click();
    await expect(published).toHaveAttribute("aria-checked", "false");
    fail();
    await expect(published).toHaveAttribute("aria-checked", "true");
    await expect(hero.getByText("Shown on the home page")).toBeVisible();
    await expect(page.getByText("Could not update the homepage. Please try again.")).toBeVisible();
    await expect.poll(() => logged.some((text) => text.startsWith("Could not update the homepage"))).toBe(true);
    // Nothing was saved: the page as the server has it says the same.
    await page.unroute(/\/admin\/homepage\.data/);
    await page.reload();
    await expect(
      page.getByRole("article", { name: "Hero section" }).getByRole("switch", { name: "Published" }),
    ).toHaveAttribute("aria-checked", "true");
  });
});

test("the hero's button goes where the Homepage Editor says (issue 14 item 9)", async ({ adminPage: page }) => {
  await page.goto("/admin/homepage");
  const hero = page.getByRole("article", { name: "Hero section" });
  await hero.getByRole("button", { name: "Edit hero" }).click();
  const text = hero.getByLabel("Button text");
  const link = hero.getByLabel("Button link");
  // The hero's title is the field named "Title": "(required)" beside it is shown, not part of its name.
  await expect(hero.getByLabel("Title", { exact: true })).toHaveAttribute("required", "");
  await expect(hero.getByText("(required)").first()).toBeVisible();
  const before = { text: await text.inputValue(), link: await link.inputValue() };
  await text.fill("See the spring works");
  await link.fill("/shop");
  await hero.getByRole("button", { name: "Publish" }).click();
  await expect(hero.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  await page.goto("/");
  const button = page.getByRole("main").getByRole("link", { name: "See the spring works" });
  await expect(button).toHaveAttribute("href", "/shop");
  await button.click();
  await expect(page).toHaveURL(/\/shop$/);

  // Back as it was, for the specs after this one.
  await page.goto("/admin/homepage");
  await hero.getByRole("button", { name: "Edit hero" }).click();
  await hero.getByLabel("Button text").fill(before.text);
  await hero.getByLabel("Button link").fill(before.link);
  await hero.getByRole("button", { name: "Publish" }).click();
  await expect(hero.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
});

test("a highlight's color is one field with its own name; a color no browser reads is refused beside it", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/homepage");
  const statement = page.getByRole("article", { name: "Artist statement section" });
  await statement.getByRole("button", { name: "Edit artist statement" }).click();
  const color = statement.getByLabel("Highlight 1: color");
  await expect(color).toHaveCount(1);
  await expect(statement.getByLabel("Color picker for Highlight 1")).toHaveAttribute("type", "color");
  const before = await color.inputValue();
  await color.fill("not a color");
  await statement.getByRole("button", { name: "Publish" }).click();
  await expect(statement.getByText("Enter a CSS color such as #8c3f22, or leave it empty.")).toBeVisible();
  await expect(color).toHaveAttribute("aria-invalid", "true");
  // Nothing was saved: the page still reads what it had.
  await page.reload();
  await statement.getByRole("button", { name: "Edit artist statement" }).click();
  await expect(statement.getByLabel("Highlight 1: color")).toHaveValue(before);
});

test("a published blog post is on /blog, its own page, the sitemap and the RSS feed", async ({
  adminPage: page,
  ownServer,
}) => {
  const id = randomUUID().slice(0, 8);
  const title = `Notes on glazing ${id}`;
  const slug = `notes-on-glazing-${id}`;
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page
    .getByLabel("Text", { exact: true })
    .fill("Thin layers of **transparent colour**, each one dry before the next.\n\n- Linseed\n- Patience");
  await page.getByLabel("Excerpt").fill("How the blues of the harbour series were built up, layer by layer.");
  await page.getByLabel("Slug").fill(slug);
  await page.getByRole("radio", { name: /^Published/ }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Post created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Edit post" })).toBeVisible();

  await page.goto("/admin/blog");
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();

  await page.goto("/blog");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page).toHaveURL(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator("strong", { hasText: "transparent colour" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Patience" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ownServer.url}/blog/${slug}`);

  const sitemap = await page.request.get("/sitemap.xml");
  expect(sitemap.ok()).toBe(true);
  expect(await sitemap.text()).toContain(`<loc>${ownServer.url}/blog/${slug}</loc>`);

  const rss = await page.request.get("/blog/rss.xml");
  expect(rss.ok()).toBe(true);
  expect(rss.headers()["content-type"]).toMatch(/xml/);
  const feed = await rss.text();
  expect(feed).toContain(`<title>${title}</title>`);
  expect(feed).toContain(`${ownServer.url}/blog/${slug}`);
});

test("a post is scheduled on the studio's clock: the time typed is the time the admin shows", async ({
  adminPage: page,
}) => {
  const title = `Winter opening ${randomUUID().slice(0, 8)}`;
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Text", { exact: true }).fill("The studio opens its doors for a weekend in January.");
  await page.getByRole("radio", { name: /^Scheduled/ }).check();
  // The demo studio is in Chicago: the field says so, and 9:30 there is 15:30 UTC in January.
  const publishAt = page.getByLabel("Publish at (America/Chicago)");
  await publishAt.fill("2030-01-15T09:30");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Post created.")).toBeVisible();
  await expect(publishAt).toHaveValue("2030-01-15T09:30");

  await page.goto("/admin/blog");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(
    "Goes public 15 Jan 2030, 09:30 CST",
  );
});

test("an about page edit shows on /about", async ({ adminPage: page }) => {
  const sentence = `Since ${randomUUID().slice(0, 6)}, the studio has also run open weekends every spring.`;
  await page.goto("/admin/about");
  await expect(page.getByRole("heading", { level: 1, name: "About Page" })).toBeVisible();
  // A prefilled textarea: filled while React hydrates it, the new text could land after the server's (as in
  // admin-policies.spec).
  await waitForHydration(page);
  const biography = page.getByRole("textbox", { name: "Biography" });
  const before = await biography.inputValue();
  expect(before.length).toBeGreaterThan(0);
  await biography.fill(`${before}\n\n${sentence}`);
  await page.getByRole("button", { name: "Save the about page" }).click();
  // The save's own answer, not the button: right after the click it may not be disabled yet (a loaded machine).
  await expect(page.getByText("Saved. The about page shows it now.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Biography" })).toHaveValue(new RegExp(`${sentence.slice(0, 20)}`));

  await page.goto("/about");
  await expect(page.getByText(sentence)).toBeVisible();
});

test.describe("artist photos", () => {
  // A refused form is reported the way every failed admin write is (spec §8): logged and shown as a toast.
  test.use({ expectedConsoleErrors: [/Could not upload the photo: Some fields need attention\./] });

  test("an artist photo needs its alt text, and once uploaded shows on /about with it", async ({ adminPage: page }) => {
    const alt = `The artist at the easel, ${randomUUID().slice(0, 6)}`;
    const photo = {
      name: "studio-portrait.jpg",
      mimeType: "image/jpeg",
      buffer: await solidPicture(600, 800, { r: 150, g: 120, b: 90 }),
    };
    await page.goto("/admin/artist-photos");
    await expect(page.getByRole("heading", { level: 1, name: "Upload Photos" })).toBeVisible();
    await page.getByLabel(/^Photo \(/).setInputFiles(photo);
    await page.getByRole("button", { name: "Upload photo" }).click();
    // Without alt text nothing is stored: the field says why.
    await expect(page.getByLabel("Alt text")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel(/^Photo \(/).setInputFiles(photo);
    await page.getByLabel("Alt text").fill(alt);
    await page.getByLabel("Caption").fill("In the studio, spring.");
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.getByText(/^Uploaded as artist-photos\//).first()).toBeVisible();

    await page.goto("/admin/manage-photos");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Photos" })).toBeVisible();
    await expect(page.getByRole("article", { name: new RegExp(`^Photo \\d+: ${alt}$`) })).toBeVisible();

    await page.goto("/about");
    const image = page.getByRole("img", { name: alt, exact: true });
    await expect(image).toBeVisible();
    await expect(page.getByText("In the studio, spring.")).toBeVisible();
  });
});
