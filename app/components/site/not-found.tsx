import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "~/lib/paths";

/** The 404 page (spec §2): shown for unknown routes and for unknown artworks. */
export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Spec §2: the miss is logged to the console, as an error (as the prototype's 404 page logs it).
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="container-page flex min-h-[60dvh] flex-col items-center justify-center py-24 text-center">
      <title>Page not found</title>
      <p className="eyebrow">404</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Page not found</h1>
      <p className="text-muted mt-4 max-w-md">The page you are looking for has moved, sold, or never existed.</p>
      <Link
        to={paths.gallery()}
        className="bg-ink text-paper mt-8 inline-flex items-center rounded-full px-6 py-3 text-sm tracking-wide hover:opacity-90"
      >
        Return to Gallery
      </Link>
    </section>
  );
}
