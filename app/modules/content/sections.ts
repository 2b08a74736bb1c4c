// The typed content of each homepage section type (spec §3). Shared by the admin editor and the home page.
import { z } from "zod";

const link = z
  .string()
  .max(500)
  .regex(/^(\/|https?:\/\/)/, "must start with / or http(s)://");

export const HeroContent = z.object({
  title: z.string().min(1).max(160),
  subtitle: z.string().max(400).default(""),
  ctaText: z.string().max(60).default(""),
  ctaLink: link.or(z.literal("")).default(""),
  /** An image URL, or the hash of a stored image (media library). */
  backgroundImage: z.string().max(500).default(""),
});

export const FeaturedContent = z.object({
  title: z.string().max(160).default("Featured Works"),
  description: z.string().max(600).default(""),
  ctaText: z.string().max(60).default("View Complete Gallery"),
  ctaLink: link.default("/gallery"),
});

export const Highlight = z.object({ text: z.string().min(1).max(80), color: z.string().max(40).default("") });

/** A plain CSS colour: a hex code, a name, or an rgb()/hsl()/oklch() value. */
export const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|rgba|hsl|hsla|oklch|oklab)\([\d\s.,%/+-]+\))$/i;

/**
 * The highlights whose colour is not one, by field name, checked where the artist types them. Not in the schema:
 * a colour saved before must not stop a page from reading its content (the page shows the accent instead).
 */
export function highlightColourErrors(content: { highlights?: unknown }): Record<string, string> {
  const errors: Record<string, string> = {};
  const highlights = Array.isArray(content.highlights) ? (content.highlights as unknown[]) : [];
  highlights.forEach((item, i) => {
    const color = (item as { color?: unknown } | null)?.color;
    if (typeof color === "string" && color.trim() !== "" && !CSS_COLOR.test(color.trim()))
      errors[`highlights.${i}.color`] = "Enter a CSS color such as #8c3f22, or leave it empty.";
  });
  return errors;
}

export const StatementContent = z.object({
  title: z.string().max(160).default(""),
  subtitle: z.string().max(200).default(""),
  description: z.string().max(2000).default(""),
  statement: z.string().max(4000).default(""),
  highlights: z.array(Highlight).max(8).default([]),
  cta1Text: z.string().max(60).default("About the Artist"),
  cta1Link: link.default("/about"),
  cta2Text: z.string().max(60).default("Commission a Work"),
  cta2Link: link.default("/commissions"),
});

export const ProcessStep = z.object({
  title: z.string().min(1).max(80),
  description: z.string().max(400).default(""),
  detail: z.string().max(400).default(""),
});

export const ProcessContent = z.object({
  title: z.string().max(160).default("The Process"),
  subtitle: z.string().max(400).default(""),
  steps: z.array(ProcessStep).max(6).default([]),
});

export const SECTION_CONTENT = {
  hero: HeroContent,
  featured_artworks: FeaturedContent,
  artist_statement: StatementContent,
  process: ProcessContent,
} as const;

export type HeroContent = z.infer<typeof HeroContent>;
export type FeaturedContent = z.infer<typeof FeaturedContent>;
export type StatementContent = z.infer<typeof StatementContent>;
export type ProcessContent = z.infer<typeof ProcessContent>;

/** Spec §9: the highlights shown when the statement has none. */
export const DEFAULT_HIGHLIGHTS: z.infer<typeof Highlight>[] = [
  { text: "150+ Original Artworks", color: "" },
  { text: "10+ Years Experience", color: "" },
  { text: "Contemporary Style Focus", color: "" },
  { text: "Commission Work Available", color: "" },
];

/** The about page (spec §2 About): biography, statement, highlights and CV sections. */
export const AboutContent = z.object({
  title: z.string().max(160).default("About the Artist"),
  /** Markdown (paragraphs separated by blank lines), rendered and sanitized on the server. */
  biography: z.string().max(20_000).default(""),
  statement: z.string().max(4000).default(""),
  highlights: z.array(Highlight).max(8).default([]),
  cv: z
    .array(z.object({ heading: z.string().min(1).max(80), entries: z.array(z.string().min(1).max(300)).max(60) }))
    .max(12)
    .default([]),
});
export type AboutContent = z.infer<typeof AboutContent>;

export type Highlight = z.infer<typeof Highlight>;

/** The fixed three steps of the home page's process section, shown when no stored text replaces them. */
export const DEFAULT_PROCESS: ProcessContent = {
  title: "The Process",
  subtitle: "Every painting moves through the same three stages, slowly and by hand.",
  steps: [
    {
      title: "Inspiration",
      description: "A painting begins with a place, a color or a change in the weather that will not let go.",
      detail: "Sketchbooks, color notes and photographs gathered over weeks.",
    },
    {
      title: "Creation",
      description:
        "The canvas is built up in many thin layers, each one partly scraped back so earlier ones show through.",
      detail: "Worked by hand in the studio over weeks or months.",
    },
    {
      title: "Refinement",
      description: "Long looking, small adjustments, and the patience to recognise the moment a work is finished.",
      detail: "Varnished, signed and documented before it leaves the studio.",
    },
  ],
};

/** The process section to show: always the three fixed steps, with any stored non-empty texts taking precedence. */
export function resolveProcess(stored: ProcessContent | undefined): ProcessContent {
  const pick = (value: string | undefined, fallback: string) => (value?.trim() ? value : fallback);
  return {
    title: pick(stored?.title, DEFAULT_PROCESS.title),
    subtitle: pick(stored?.subtitle, DEFAULT_PROCESS.subtitle),
    steps: DEFAULT_PROCESS.steps.map((step, i) => {
      const own = stored?.steps[i];
      return {
        title: pick(own?.title, step.title),
        description: pick(own?.description, step.description),
        detail: pick(own?.detail, step.detail),
      };
    }),
  };
}

/** The statement's highlights, or the spec's defaults when it has none. */
export function resolveHighlights(highlights: readonly Highlight[] | undefined): Highlight[] {
  return [...(highlights && highlights.length > 0 ? highlights : DEFAULT_HIGHLIGHTS)];
}

/** A policy page (privacy, terms, shipping): its Markdown, or "" to follow the default written from settings. */
export const PolicyContent = z.object({ markdown: z.string().max(20_000).default("") });
