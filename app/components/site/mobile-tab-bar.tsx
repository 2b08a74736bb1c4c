import { House, Images, Mail, ShoppingBag, User } from "./icons";
import { NavLink } from "react-router";
import { paths } from "~/lib/paths";

const TABS = [
  { label: "Home", to: paths.home(), Icon: House },
  { label: "Gallery", to: paths.gallery(), Icon: Images },
  { label: "Shop", to: paths.shop(), Icon: ShoppingBag },
  { label: "About", to: paths.about(), Icon: User },
  { label: "Contact", to: paths.contact(), Icon: Mail },
] as const;

/** Spec §2: below 768px, a bottom bar with Home, Gallery, Shop, About, Contact. */
export function MobileTabBar() {
  return (
    <nav
      aria-label="Mobile"
      className="border-line bg-paper/95 fixed inset-x-0 bottom-0 z-40 border-t pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {TABS.map(({ label, to, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/"}
              className={({ isActive }) =>
                `flex h-14 flex-col items-center justify-center gap-1 text-[0.68rem] tracking-wide ${isActive ? "text-ink" : "text-muted"}`
              }
            >
              <Icon aria-hidden="true" className="size-5" strokeWidth={1.5} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
