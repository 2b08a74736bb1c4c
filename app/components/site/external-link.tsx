import type { ComponentProps } from "react";

/**
 * A link off the site: opens in a new tab, without handing the other site this page (opener) or its address
 * (referrer). `me`: it leads to the artist's own profile elsewhere (rel="me").
 */
export function ExternalLink({ me = false, ...link }: Omit<ComponentProps<"a">, "target" | "rel"> & { me?: boolean }) {
  return <a {...link} target="_blank" rel={me ? "noopener noreferrer me" : "noopener noreferrer"} />;
}

/** After an order's carrier and tracking number: " · " and the carrier's tracking page, when there is one. */
export function ParcelLink({ url, className, children }: { url: string | null; className: string; children: string }) {
  if (!url) return null;
  return (
    <>
      {" · "}
      <ExternalLink href={url} className={className}>
        {children}
      </ExternalLink>
    </>
  );
}
