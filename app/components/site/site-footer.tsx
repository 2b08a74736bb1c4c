import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { isWebOrMailLink, paths } from "~/lib/paths";
import { EmailSignupFields } from "./email-signup-fields";
import { ExternalLink } from "./external-link";

const FOOTER_LINKS = [
  { label: "Home", to: paths.home() },
  { label: "About", to: paths.about() },
  { label: "Gallery", to: paths.gallery() },
  { label: "Shop", to: paths.shop() },
  { label: "Commissions", to: paths.commissions() },
  { label: "Contact", to: paths.contact() },
  { label: "Journal", to: paths.blog() },
] as const;

interface Props {
  siteTitle: string;
  artistName: string;
  contactEmail: string;
  locationLine: string;
  socialLinks: { label: string; url: string }[];
}

/** Spec §2 footer: links, three social links, newsletter box, contact e-mail, location, policy links. */
export function SiteFooter({ siteTitle, artistName, contactEmail, locationLine, socialLinks }: Props) {
  const newsletter = useFetcher<ActionResult>();
  const result = newsletter.data;
  // Web and mail addresses only (Settings checks them as typed; an older one might be anything). No heading
  // over an empty list: a shop without social links has no Follow column.
  const followLinks = socialLinks.filter((link) => isWebOrMailLink(link.url)).slice(0, 3);
  return (
    <footer className="bg-paper-deep border-line mt-24 border-t pb-20 md:pb-0">
      <div className="container-page grid grid-cols-1 gap-12 py-16 md:grid-cols-12">
        <div className="md:col-span-4">
          <p className="font-serif text-2xl">{siteTitle}</p>
          <p className="text-muted mt-3 max-w-xs text-sm leading-relaxed">Original paintings by {artistName}.</p>
          <address className="text-ink-soft mt-6 space-y-1 text-sm not-italic">
            <a href={`mailto:${contactEmail}`} className="hover:text-ink underline-offset-4 hover:underline">
              {contactEmail}
            </a>
            {locationLine ? <p className="text-muted">{locationLine}</p> : null}
          </address>
        </div>
        <FooterColumn as="nav" aria-label="Footer" title="Explore">
          <ul className="space-y-2 text-sm">
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="text-ink-soft hover:text-ink">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </FooterColumn>
        {followLinks.length > 0 ? (
          <FooterColumn title="Follow">
            <ul className="space-y-2 text-sm">
              {followLinks.map((link) => (
                <li key={link.url}>
                  <ExternalLink href={link.url} me className="text-ink-soft hover:text-ink">
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </FooterColumn>
        ) : null}
        <FooterColumn title="Newsletter" titleId="newsletter-title" wide>
          <p className="text-muted mb-4 text-sm">New paintings, exhibitions and studio news, a few times a year.</p>
          <newsletter.Form method="post" action={paths.newsletter()} className="flex flex-col gap-2">
            {/* Named "Newsletter" by the column's title: on /contact or /checkout, "Email" is the form's field alone. */}
            <EmailSignupFields
              id="newsletter-email"
              labelledBy="newsletter-title"
              placeholder="Your email address"
              result={result}
              busy={newsletter.state !== "idle"}
              submit="Subscribe"
              buttonClassName="bg-ink text-paper rounded-full px-5 py-2.5 text-sm hover:opacity-90 disabled:opacity-60"
            />
          </newsletter.Form>
        </FooterColumn>
      </div>
      <div className="border-line border-t">
        <div className="container-page text-muted flex flex-col gap-3 py-6 text-xs md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {artistName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to={paths.privacy()} className="hover:text-ink">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms()} className="hover:text-ink">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to={paths.shipping()} className="hover:text-ink">
                Shipping Info
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** A column of the footer under its small heading: two of twelve columns from md up; `wide`, the last four. */
function FooterColumn({
  as: Tag = "div",
  title,
  titleId,
  wide = false,
  children,
  ...attributes
}: {
  as?: "div" | "nav";
  title: string;
  titleId?: string;
  wide?: boolean;
  children: ReactNode;
  "aria-label"?: string;
}) {
  return (
    <Tag {...attributes} className={wide ? "md:col-span-4 md:col-start-9" : "md:col-span-2"}>
      <p id={titleId} className="eyebrow mb-4">
        {title}
      </p>
      {children}
    </Tag>
  );
}
