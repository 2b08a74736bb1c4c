// The gallery's URL state: filters, search and page, parsed leniently (a bad value is simply ignored).
import { z } from "zod";

export const GALLERY_PAGE_SIZE = 24;

const GalleryParams = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  medium: z.string().trim().max(200).optional().catch(undefined),
  availability: z.enum(["available", "sold"]).optional().catch(undefined),
  year: z.coerce.number().int().min(1000).max(3000).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export type GalleryParams = z.infer<typeof GalleryParams>;

export function parseGalleryParams(search: URLSearchParams): GalleryParams {
  const raw = Object.fromEntries([...search.entries()].filter(([, v]) => v !== ""));
  return GalleryParams.parse(raw);
}

/** The query string for a gallery view (only what is set; page 1 is the default). */
export function galleryHref(params: GalleryParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.medium) search.set("medium", params.medium);
  if (params.availability) search.set("availability", params.availability);
  if (params.year) search.set("year", String(params.year));
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const qs = search.toString();
  return qs ? `/gallery?${qs}` : "/gallery";
}
