import { useId, type HTMLAttributes, type ReactNode } from "react";

/** The white panel the back office groups things in (a form section, a table, a summary). */
export const cardClass = "rounded-lg border border-line bg-white";

export function Card({ className, ...div }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `${cardClass} ${className}` : cardClass} {...div} />;
}

/**
 * A titled card of the back office: a `section` (or an `article`, for one record shown beside a list) named by its
 * heading, with an optional line under the title and actions on its right. Padding comes from `className`
 * (`p-5` when none is given), so that a panel in a dense column can be tighter.
 */
export function Panel({
  title,
  description,
  actions,
  hideTitle,
  as: Tag = "section",
  className = "p-5",
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** The title names the panel for assistive technology only (the panel shows what it is). */
  hideTitle?: boolean;
  as?: "section" | "article";
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const heading = (
    <>
      <h2 id={id} className={hideTitle ? "sr-only" : "text-lg"}>
        {title}
      </h2>
      {description ? <p className="text-muted mt-1 text-sm">{description}</p> : null}
    </>
  );
  return (
    <Tag aria-labelledby={id} className={`${cardClass} ${className}`}>
      {actions ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>{heading}</div>
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </Tag>
  );
}
