import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { paths } from "~/lib/paths";
import { RealtimeCorner } from "~/components/realtime/realtime-corner";
import { AccountLink, type HeaderAccount } from "./account-link";
import { CartButton } from "./cart-button";

/** Spec §2: the desktop top bar. "Commission" is the spec's label for /commissions. */
export const DESKTOP_NAV = [
  { label: "Gallery", to: paths.gallery() },
  { label: "Shop", to: paths.shop() },
  { label: "About", to: paths.about() },
  { label: "Commission", to: paths.commissions() },
  { label: "Contact", to: paths.contact() },
] as const;

const MENU_NAV = [{ label: "Home", to: paths.home() }, ...DESKTOP_NAV] as const;

export function SiteHeader({
  siteTitle,
  tagline,
  account = null,
}: {
  siteTitle: string;
  tagline: string;
  account?: HeaderAccount | null;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Close the menu when the page changes (adjusting state during render, not in an effect).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [menuOpen]);

  return (
    <>
      <header className="border-line/70 bg-paper/90 sticky top-0 z-40 border-b backdrop-blur supports-[backdrop-filter]:bg-paper/75">
        <div className="container-page flex h-16 items-center justify-between gap-6 md:h-20">
          <Link to={paths.home()} className="group flex flex-col leading-none" aria-label={`${siteTitle}, home`}>
            <span className="font-serif text-xl tracking-tight md:text-2xl">{siteTitle}</span>
            <span className="text-muted mt-1 hidden text-[0.7rem] tracking-[0.16em] uppercase lg:block">{tagline}</span>
          </Link>
          <div className="flex items-center gap-5 md:gap-8">
            <nav aria-label="Main" className="hidden md:block">
              <ul className="flex items-center gap-8">
                {DESKTOP_NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      prefetch="intent"
                      className={({ isActive }) =>
                        `text-sm tracking-wide transition-colors hover:text-ink ${isActive ? "text-ink underline decoration-accent decoration-2 underline-offset-8" : "text-ink-soft"}`
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <RealtimeCorner userId={account?.id} session={account?.session} />
            <AccountLink account={account} />
            <CartButton />
            <button
              type="button"
              className="text-xs font-medium tracking-[0.2em] md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? "CLOSE" : "MENU"}
            </button>
          </div>
        </div>
      </header>
      {/* Beside the header, not in it: the header's backdrop blur makes it the box a fixed child is placed
          in, and the menu came out 0 px tall over the page (fixed to the screen only outside it). */}
      {menuOpen ? (
        <div id="mobile-menu" className="bg-paper fixed inset-x-0 top-16 bottom-0 z-50 flex flex-col md:hidden">
          <nav aria-label="Mobile menu" className="container-page flex flex-1 flex-col justify-center">
            <ul className="space-y-5">
              {MENU_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="font-serif text-4xl" onClick={() => setMenuOpen(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
    </>
  );
}
