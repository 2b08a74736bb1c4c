// Every admin URL, built in one place (STYLE.md). Kept apart from paths.ts so public pages never carry them.
// Lint refuses a hard-coded "/admin…" string anywhere else (eslint.config.js).

/** A list page with its filters and page number, when it has any. */
function withQuery(path: string, query?: URLSearchParams | string): string {
  const q = query?.toString();
  return q ? `${path}?${q}` : path;
}

export const adminPaths = {
  dashboard: () => "/admin",
  /** A fresh backup as a download, or one of the automatic ones by name. */
  backup: (name?: string) => (name ? `/admin/backup?name=${encodeURIComponent(name)}` : "/admin/backup"),
  /** A fresh backup whose start the page learns of by `ticket` (Settings › Backups). */
  freshBackup: (ticket: string) => `/admin/backup?ticket=${encodeURIComponent(ticket)}`,
  upload: () => "/admin/upload",
  /** The upload endpoint: one image per request, answered with the stored asset or the reason it failed. */
  uploadImage: () => "/admin/media",
  import: (uploadId?: string, options: { problems?: boolean } = {}) =>
    uploadId
      ? `/admin/import?upload=${encodeURIComponent(uploadId)}${options.problems ? "&rows=problems" : ""}`
      : "/admin/import",
  importTemplate: (format: "csv" | "xlsx") => `/admin/import/template?format=${format}`,
  exportCatalogue: (format: "csv" | "xlsx") => `/admin/export?format=${format}`,
  artworks: (query?: URLSearchParams | string) => withQuery("/admin/artworks", query),
  editArtwork: (id: string) => `/admin/artworks/${encodeURIComponent(id)}/edit`,
  /** A work's provenance: the visibility switch and the artist's own entries (POST only; its edit page's forms). */
  artworkProvenance: (id: string) => `/admin/artworks/${encodeURIComponent(id)}/provenance`,
  status: (query?: URLSearchParams | string) => withQuery("/admin/status", query),
  categorization: (kind?: string, query?: URLSearchParams) => {
    const q = new URLSearchParams(query);
    if (kind && kind !== "category") q.set("kind", kind);
    return q.size ? `/admin/categorization?${q.toString()}` : "/admin/categorization";
  },
  commissions: (query?: URLSearchParams | string) => withQuery("/admin/commissions", query),
  commission: (id: string) => `/admin/commissions/${encodeURIComponent(id)}`,
  outbox: (status?: string, page?: number) => {
    const q = new URLSearchParams();
    if (status) q.set("status", status);
    if (page && page > 1) q.set("page", String(page));
    return q.size ? `/admin/outbox?${q.toString()}` : "/admin/outbox";
  },
  customers: (query?: URLSearchParams | string) => withQuery("/admin/customers", query),
  invoices: (query?: URLSearchParams | string) => withQuery("/admin/invoices", query),
  invoice: (id: string) => `/admin/invoices/${encodeURIComponent(id)}`,
  invoicePdf: (id: string) => `/admin/invoices/${encodeURIComponent(id)}/pdf`,
  /** Issue and revoke certificates of authenticity (POST only; the artwork and order pages' forms). */
  certificates: () => "/admin/certificates",
  certificatePdf: (id: string) => `/admin/certificates/${encodeURIComponent(id)}/pdf`,
  order: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  exhibitions: () => "/admin/exhibitions",
  newExhibition: () => "/admin/exhibitions/new",
  editExhibition: (id: string) => `/admin/exhibitions/${encodeURIComponent(id)}/edit`,
  inventory: (query?: URLSearchParams | string) => withQuery("/admin/inventory", query),
  orders: (query?: URLSearchParams | string) => withQuery("/admin/orders", query),
  holds: (page?: number) => (page && page > 1 ? `/admin/holds?page=${page}` : "/admin/holds"),
  rooms: (page?: number) => (page && page > 1 ? `/admin/rooms?page=${page}` : "/admin/rooms"),
  newRoom: () => "/admin/rooms/new",
  room: (id: string) => `/admin/rooms/${encodeURIComponent(id)}`,
  homepage: () => "/admin/homepage",
  homepagePreview: () => "/admin/homepage/preview",
  about: () => "/admin/about",
  policies: () => "/admin/policies",
  newsletter: (query?: URLSearchParams | string) => withQuery("/admin/newsletter", query),
  newsletterExport: (query?: URLSearchParams | string) => withQuery("/admin/newsletter/export", query),
  artistPhotos: () => "/admin/artist-photos",
  managePhotos: () => "/admin/manage-photos",
  blog: (status?: string, page?: number) => {
    const q = new URLSearchParams();
    if (status) q.set("status", status);
    if (page && page > 1) q.set("page", String(page));
    return q.size ? `/admin/blog?${q.toString()}` : "/admin/blog";
  },
  newPost: () => "/admin/blog/new",
  editPost: (id: string, query?: URLSearchParams | string) =>
    withQuery(`/admin/blog/${encodeURIComponent(id)}/edit`, query),
  /** The media library a page at a time (JSON, for the image pickers). */
  mediaLibrary: (query?: URLSearchParams | string) => withQuery("/admin/media-library", query),
  /** Markdown rendered and sanitized by the server (the editors' preview). */
  markdownPreview: () => "/admin/markdown-preview",
  messages: (query?: URLSearchParams | string) => withQuery("/admin/messages", query),
  analytics: (rangeDays?: number) => (rangeDays ? `/admin/analytics?range=${rangeDays}` : "/admin/analytics"),
  /** The settings page, or one of its sections ("shop": shipping, pickup, tax, the studio's time zone). */
  settings: (section?: "shop") => (section ? `/admin/settings#${section}` : "/admin/settings"),
  /** The one sign-out endpoint of the site (a POST; it returns to the home page). */
  signOut: () => "/auth/sign-out",
} as const;

/** Spec §2 Admin layout: Dashboard is active only on an exact match, every other item on its path prefix. */
export function isAdminNavItemActive(pathname: string, href: string): boolean {
  const path = stripTrailingSlash(pathname);
  const target = stripTrailingSlash(href);
  if (target === adminPaths.dashboard()) return path === target;
  return path === target || path.startsWith(`${target}/`);
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") : path;
}
