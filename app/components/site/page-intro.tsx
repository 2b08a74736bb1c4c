import type { ReactNode } from "react";

/** A site page's heading block: eyebrow, title, lead paragraph (optional), then anything else of the header. */
export function PageHeading({
  eyebrow,
  title,
  lead,
  className = "max-w-2xl",
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={className}>
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-3 text-4xl md:text-5xl">{title}</h1>
      {lead ? <p className="text-muted mt-5 text-lg leading-relaxed">{lead}</p> : null}
      {children}
    </header>
  );
}

/** The opening of a simple page: its heading block, then its content. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <div className="container-page py-12 md:py-20">
      <PageHeading eyebrow={eyebrow} title={title} lead={lead} />
      {children ? <div className="mt-12">{children}</div> : null}
    </div>
  );
}
