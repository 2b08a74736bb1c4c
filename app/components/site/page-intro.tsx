import type { ReactNode } from "react";

/** The opening of a simple page: eyebrow, heading, lead paragraph, then its content. */
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
      <header className="max-w-2xl">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 text-4xl md:text-5xl">{title}</h1>
        <p className="text-muted mt-5 text-lg leading-relaxed">{lead}</p>
      </header>
      {children ? <div className="mt-12">{children}</div> : null}
    </div>
  );
}
