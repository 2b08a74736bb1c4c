// The policy pages (Privacy, Terms, Shipping): what the artist wrote in the admin, or else the default written
// from the shop's settings (policy-defaults.ts), so an unedited policy always matches checkout. Stored in
// page_content under policy-{key}; a save publishes content.changed (pages), which evicts the cached pages.
import { services } from "~/services.server";
import { getPageContent, savePageContent } from "./content.server";
import { summarize } from "~/lib/seo";
import { markdownToText, renderMarkdown } from "./markdown.server";
import { defaultPolicy, POLICY_KEYS, POLICY_TITLES, type PolicyKey } from "./policy-defaults";
import { getSettings } from "~/modules/settings/settings.server";

export { POLICY_KEYS, type PolicyKey };

export interface Policy {
  key: PolicyKey;
  title: string;
  lead: string;
  /** What the page shows, as Markdown. */
  markdown: string;
  /** The artist's own text (true) or the default from the settings (false). */
  custom: boolean;
}

export const isPolicyKey = (value: unknown): value is PolicyKey =>
  typeof value === "string" && (POLICY_KEYS as readonly string[]).includes(value);

async function defaultFor(key: PolicyKey): Promise<string> {
  const settings = await getSettings();
  return defaultPolicy(key, { settings, cardPayments: Boolean(services().config.stripe) });
}

export async function loadPolicy(key: PolicyKey): Promise<Policy> {
  const stored = (await getPageContent(`policy-${key}`)).markdown.trim();
  return {
    key,
    ...POLICY_TITLES[key],
    markdown: stored || (await defaultFor(key)),
    custom: stored !== "",
  };
}

/** The page's HTML (sanitized; `##` headings are the page's h2). */
export async function loadPolicyPage(
  key: PolicyKey,
): Promise<Omit<Policy, "markdown"> & { html: string; description: string }> {
  const { markdown, ...policy } = await loadPolicy(key);
  return {
    ...policy,
    html: renderMarkdown(markdown, { headingOffset: 0 }),
    description: summarize(`${policy.lead} ${markdownToText(markdown)}`),
  };
}

/** Saves the artist's text; the default itself (or nothing) is stored as "follow the settings". */
export async function savePolicy(key: PolicyKey, markdown: string): Promise<void> {
  const text = markdown.replace(/\r\n/g, "\n").trim();
  const followDefault = text === "" || text === (await defaultFor(key)).trim();
  await savePageContent(`policy-${key}`, { markdown: followDefault ? "" : text });
}

export async function resetPolicy(key: PolicyKey): Promise<void> {
  await savePageContent(`policy-${key}`, { markdown: "" });
}
