import { Link } from "react-router";
import type { ImageAsset } from "~/lib/media";
import { paths } from "~/lib/paths";
import { buttonClass } from "~/components/ui/button";
import { ResponsiveImage } from "../responsive-image";

export interface HeroData {
  content: { title: string; subtitle: string; ctaText: string; ctaLink?: string };
  image: ImageAsset | null;
  imageUrl: string | null;
}

/** Spec §2 Home: the opening image with the title, an optional subtitle and the ways in. */
export function Hero({ content, image, imageUrl }: HeroData) {
  const hasImage = Boolean(image ?? imageUrl);
  return (
    <section
      // Fills the first screen: below the header, and above the mobile tab bar on a phone.
      className={`relative isolate flex min-h-[calc(100svh-7.5rem)] items-end overflow-hidden md:min-h-[min(calc(100svh-5rem),60rem)] ${hasImage ? "bg-ink text-white" : "bg-paper-deep text-ink"}`}
    >
      {hasImage ? (
        <div className="absolute inset-0 -z-10 [&_img]:h-full [&_img]:w-full">
          {/* The LCP element: eager, high priority, as wide as the viewport. */}
          {image ? (
            <ResponsiveImage image={image} alt="" sizes="100vw" priority />
          ) : (
            <img src={imageUrl ?? undefined} alt="" loading="eager" fetchPriority="high" className="object-cover" />
          )}
          <div className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/40 to-black/5" />
        </div>
      ) : null}
      <div className="container-page pt-24 pb-14 md:pb-24">
        <h1 className="max-w-4xl text-[2.6rem] leading-[1.04] md:text-7xl">{content.title}</h1>
        {content.subtitle ? (
          <p
            className={`mt-5 max-w-xl text-base leading-relaxed md:mt-6 md:text-lg ${hasImage ? "text-white/85" : "text-muted"}`}
          >
            {content.subtitle}
          </p>
        ) : null}
        <div className="mt-9 flex flex-wrap gap-3">
          <HeroButton
            href={content.ctaLink || paths.gallery()}
            className={hasImage ? buttonClass("light") : buttonClass("primary")}
          >
            {content.ctaText || "View the Gallery"}
          </HeroButton>
          <Link
            to={paths.shop()}
            prefetch="intent"
            className={hasImage ? buttonClass("lightOutline") : buttonClass("secondary")}
          >
            Shop Originals
          </Link>
          <Link
            to={paths.commissions()}
            prefetch="intent"
            className={hasImage ? buttonClass("lightOutline") : buttonClass("secondary")}
          >
            Commission a Work
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The Homepage Editor's button: a page of the site (client navigation) or another site (a plain link). */
function HeroButton({ href, className, children }: { href: string; className: string; children: string }) {
  if (href.startsWith("/") && !href.startsWith("//"))
    return (
      <Link to={href} prefetch="intent" className={className}>
        {children}
      </Link>
    );
  return (
    <a href={href} rel="noopener" className={className}>
      {children}
    </a>
  );
}
