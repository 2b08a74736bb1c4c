// The policy pages on real databases: the default follows the settings until the artist writes their own,
// saving the default itself keeps following the settings, Reset goes back, and every save evicts the cached
// pages (content.changed, area pages).
import { beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "~/modules/events/bus.server";
import { loadPolicy, loadPolicyPage, resetPolicy, savePolicy } from "~/modules/content/policies.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { BACKENDS, useTestServices } from "../support/harness";

describe.each(BACKENDS)("policies on %s", (backend) => {
  useTestServices(backend);
  const events: string[] = [];
  beforeAll(async () => {
    await saveSettings({ artistName: "Mara Ellison", contactEmail: "studio@maraellison.art" });
    subscribe("content.changed", ({ area }) => void events.push(area));
  });

  it("starts from the default, which follows the shop settings", async () => {
    const shipping = await loadPolicy("shipping");
    expect(shipping).toMatchObject({ title: "Shipping Info", custom: false });
    expect(shipping.markdown).toContain("## Collecting from the studio");
    await saveSettings({
      artistName: "Mara Ellison",
      contactEmail: "studio@maraellison.art",
      shop: { pickup: { enabled: false } },
    });
    expect((await loadPolicy("shipping")).markdown).not.toMatch(/collect/i);
  });

  it("keeps the artist's own text, renders it safely, and goes back to the default on reset", async () => {
    events.length = 0;
    await savePolicy("shipping", "## Crates\n\nEvery work travels in a wooden crate. <script>alert(1)</script>");
    const page = await loadPolicyPage("shipping");
    expect(page.custom).toBe(true);
    expect(page.html).toContain("<h2>Crates</h2>");
    expect(page.html).not.toContain("<script");
    expect(page.description).toContain("Every work travels in a wooden crate.");
    expect(events).toContain("pages");

    await resetPolicy("shipping");
    expect((await loadPolicy("shipping")).custom).toBe(false);
  });

  it("saving the default unchanged keeps it following the settings", async () => {
    const terms = await loadPolicy("terms");
    await savePolicy("terms", `${terms.markdown}\n`);
    expect((await loadPolicy("terms")).custom).toBe(false);
  });
});
