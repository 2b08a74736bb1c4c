// The buttons on the gallery's works that open the lightbox, pressed by the specs of the lightbox, the deep zoom,
// deferred hydration and the page cache.
import type { Locator, Page } from "@playwright/test";

/** The buttons of the works on the page that open them full screen ("<title>: view full screen"). */
export const lightboxOpeners = (page: Page): Locator =>
  page.locator("main").getByRole("button", { name: /: view full screen$/ });
