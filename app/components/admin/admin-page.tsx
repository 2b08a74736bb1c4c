import { ArrowLeft, type LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * The top of an admin page: its heading (the page's one <h1>), a line about it, and its main actions; `link` is
 * the page's one link elsewhere (a new record, a preview, the public page), drawn as a small button.
 */
export function AdminPageHeader({
  title,
  description,
  actions,
  link,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  link?: { to: string; label: ReactNode; icon?: LucideIcon; variant?: "primary" | "secondary" };
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl md:text-3xl">{title}</h1>
        {description ? <p className="text-muted mt-1.5 max-w-2xl text-sm">{description}</p> : null}
      </div>
      {actions || link ? (
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {link ? (
            <Link to={link.to} className={buttonClass(link.variant ?? "primary", "sm")}>
              {link.icon ? (
                <>
                  <link.icon aria-hidden className="size-4" /> {link.label}
                </>
              ) : (
                link.label
              )}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Above the header of a record's page: the way back to its list ("All works"), not named like the sidebar's item
 * for that list, so the item's name finds one link.
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-muted hover:text-ink mb-3 inline-flex items-center gap-1 text-sm">
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}

/**
 * A part of an admin page under its own heading, without a card (a table, a list with its filters): a `section`
 * named by its `h2`, with actions on the heading's right (an export link). A titled card is `Panel`.
 */
export function PageSection({
  title,
  actions,
  className,
  children,
}: {
  title: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      {actions ? (
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id={id} className="text-lg">
            {title}
          </h2>
          {actions}
        </div>
      ) : (
        <h2 id={id} className="mb-3 text-lg">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
