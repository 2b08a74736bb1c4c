// Spec §2 Admin layout: a collapsible sidebar (a drawer below 768 px), the header with the signed-in admin and
// Sign Out, and the content area that shows 'Loading...' while the next admin page loads.
import { ArrowUpRight, LogOut, Menu, PanelLeft, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { adminPaths, isAdminNavItemActive } from "~/lib/admin-paths";
import { paths } from "~/lib/paths";
import { isSidebarShortcut, sidebarCookie } from "~/lib/sidebar-state";
import { ADMIN_NAV } from "./admin-nav";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldDensity } from "~/components/ui/field";
import { OfflineQueueStatus } from "~/components/realtime/offline-queue";
import { RealtimeCorner } from "~/components/realtime/realtime-corner";

/** Spec §9: 16rem wide, 18rem in the mobile drawer, 3rem as icons. */
const SIDEBAR_STYLE = {
  "--sidebar-width": "16rem",
  "--sidebar-width-mobile": "18rem",
  "--sidebar-width-icon": "3rem",
} as CSSProperties;

const MOBILE_QUERY = "(max-width: 767.98px)";

export interface AdminUser {
  id: string;
  name: string;
  role: string;
  /** Which session this is (`sessionKey`): the realtime widgets start again when it changes. */
  session: string;
}

export function AdminShell({
  user,
  siteTitle,
  defaultOpen,
  children,
}: {
  user: AdminUser;
  siteTitle: string;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpenState] = useState(defaultOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setMobileOpen((o) => !o);
    else setOpen(!open);
  }, [open, setOpen]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // The drawer closes when a page is chosen (state adjusted during render, not in an effect).
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setMobileOpen(false);
  }

  const state = open ? "expanded" : "collapsed";
  return (
    <div style={SIDEBAR_STYLE} data-sidebar={state} className="bg-paper flex min-h-dvh">
      <a
        href="#admin-main"
        className="bg-ink text-paper sr-only z-[70] rounded px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside
        aria-label="Admin sidebar"
        data-state={state}
        className={`border-line bg-paper-deep/60 sticky print:hidden! top-0 hidden h-dvh shrink-0 flex-col border-r transition-[width] duration-200 ease-out md:flex ${
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)"
        }`}
      >
        <div
          className={`flex h-14 items-center border-b border-line ${open ? "justify-between px-4" : "justify-center"}`}
        >
          {open ? (
            // The way back to the public site. Not the site's title: that is often the artist's own name, which
            // the header already shows once as the signed-in user's.
            <Link
              to={paths.home()}
              title={`${siteTitle}: the public site`}
              className="text-ink-soft hover:text-ink inline-flex items-center gap-1.5 truncate text-sm"
            >
              <ArrowUpRight aria-hidden className="size-4" />
              View site
            </Link>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => setOpen(!open)}
            // One name whatever the state (shadcn's "Toggle Sidebar"); aria-expanded says which.
            aria-label="Toggle Sidebar"
            aria-expanded={open}
            aria-keyshortcuts="Control+B Meta+B"
            title={`${open ? "Collapse" : "Expand"} sidebar (Ctrl+B)`}
          >
            <PanelLeft aria-hidden className="size-4" />
          </Button>
        </div>
        <SidebarNav id="desktop" pathname={location.pathname} collapsed={!open} />
      </aside>

      <Dialog.Root open={mobileOpen} onOpenChange={setMobileOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-50 md:hidden" />
          <Dialog.Content
            style={SIDEBAR_STYLE}
            aria-describedby={undefined}
            className="bg-paper fixed inset-y-0 left-0 z-50 flex w-(--sidebar-width-mobile) max-w-[85vw] flex-col shadow-xl md:hidden"
          >
            <div className="border-line flex h-14 items-center justify-between border-b px-4">
              <Dialog.Title className="truncate font-serif text-lg">Admin menu</Dialog.Title>
              <Dialog.Close aria-label="Close menu" className={buttonClass("ghost", "icon")}>
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </div>
            <SidebarNav id="drawer" pathname={location.pathname} collapsed={false} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="print:hidden border-line bg-paper/95 sticky top-0 z-30 flex h-14 items-center gap-3 border-b px-3 backdrop-blur md:px-6">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => setMobileOpen(true)}
            aria-label="Toggle Sidebar"
            aria-expanded={mobileOpen}
            className="md:hidden"
          >
            <Menu aria-hidden className="size-5" />
          </Button>
          <p className="font-serif text-base whitespace-nowrap sm:text-lg">Admin Dashboard</p>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <OfflineQueueStatus />
            <RealtimeCorner userId={user.id} session={user.session} />
            <div className="min-w-0 text-right leading-tight">
              <p className="truncate text-sm font-medium" data-testid="admin-user-name">
                {user.name}
              </p>
              <p className="text-muted text-xs" data-testid="admin-user-role">
                {user.role}
              </p>
            </div>
            <Form method="post" action={adminPaths.signOut()}>
              {/* On a phone the icon alone (named Sign Out), so the header keeps the administrator's name whole. */}
              <Button type="submit" variant="secondary" size="sm" className="max-sm:px-2.5">
                <LogOut aria-hidden className="size-4" />
                <span className="max-sm:sr-only">Sign Out</span>
              </Button>
            </Form>
          </div>
        </header>
        <AdminContent>{children}</AdminContent>
      </div>
    </div>
  );
}

/** The page, or 'Loading...' while another admin page is on its way (route modules are code-split). */
function AdminContent({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const switching =
    navigation.state === "loading" &&
    navigation.location.pathname !== location.pathname &&
    navigation.location.pathname.startsWith(adminPaths.dashboard());
  return (
    <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8 print:p-0" aria-busy={switching}>
      {switching ? <AdminLoading /> : null}
      {/* The back office's fields are dense (components/ui/field.tsx). */}
      <FieldDensity value="compact">
        <div hidden={switching}>{children}</div>
      </FieldDensity>
    </main>
  );
}

export function AdminLoading() {
  return (
    <p role="status" className="text-muted py-10 text-sm">
      Loading...
    </p>
  );
}

function SidebarNav({ id, pathname, collapsed }: { id: string; pathname: string; collapsed: boolean }) {
  return (
    <nav aria-label="Admin" className="flex-1 overflow-y-auto py-3">
      {ADMIN_NAV.map((group) => {
        const headingId = `admin-nav-${id}-${group.label.toLowerCase()}`;
        return (
          <div key={group.label} className={collapsed ? "px-1.5 pb-2" : "px-3 pb-4"}>
            <p
              id={headingId}
              className={
                collapsed ? "sr-only" : "text-muted px-2 pb-1.5 text-[0.68rem] font-medium tracking-[0.14em] uppercase"
              }
            >
              {group.label}
            </p>
            <ul aria-labelledby={headingId} className="space-y-0.5">
              {group.items.map((item) => {
                const active = isAdminNavItemActive(pathname, item.href);
                const Icon = item.icon;
                return (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      prefetch="intent"
                      aria-current={active ? "page" : undefined}
                      title={collapsed ? [item.label, item.detail].filter(Boolean).join(" ") : undefined}
                      data-active={active || undefined}
                      className={`flex h-8 items-center gap-2.5 rounded-md text-sm transition-colors ${
                        collapsed ? "justify-center" : "px-2"
                      } ${active ? "bg-ink text-paper" : "text-ink-soft hover:bg-ink/[0.06] hover:text-ink"}`}
                    >
                      <Icon aria-hidden className="size-4 shrink-0" />
                      <span className={collapsed ? "sr-only" : "truncate"}>
                        {item.label}
                        {item.detail ? <span className="text-[0.7rem]"> {item.detail}</span> : null}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
