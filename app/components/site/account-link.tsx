import { UserRound } from "./icons";
import { Link, useLocation } from "react-router";
import { paths } from "~/lib/paths";

export interface HeaderAccount {
  id: string;
  name: string;
  isAdmin: boolean;
  /** Which session this is (`sessionKey`): the realtime widgets start again when it changes. */
  session: string;
}

/**
 * The header's account corner: "Sign in" for visitors, the user's name (to /account) and "Admin" for
 * admins. Below 768px only an icon, so the site's title keeps its line.
 */
export function AccountLink({ account }: { account: HeaderAccount | null }) {
  const { pathname, search } = useLocation();
  const linkClass = "text-ink-soft hover:text-ink text-sm tracking-wide transition-colors";
  const to = account ? paths.account() : paths.signIn(pathname + search);
  const label = account ? account.name : "Sign in";
  return (
    <span className="ml-auto flex items-center gap-4 md:ml-0">
      {account?.isAdmin ? (
        <Link to={paths.admin()} className={`${linkClass} hidden md:inline`}>
          Admin
        </Link>
      ) : null}
      <Link
        to={to}
        className={`${linkClass} inline-flex items-center`}
        title={account ? "Your account" : undefined}
        aria-label={account ? `Your account: ${account.name}` : undefined}
        rel={account ? undefined : "nofollow"}
      >
        <UserRound aria-hidden className="size-5 md:hidden" strokeWidth={1.5} />
        <span className="hidden max-w-40 truncate md:inline">{label}</span>
        {account ? null : <span className="sr-only md:hidden">Sign in</span>}
      </Link>
    </span>
  );
}
