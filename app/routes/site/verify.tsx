// /verify/{code}: the page a certificate's QR code leads to. It confirms the work (title, year, medium, image),
// the certificate's number and issue date and the work's standing now; a revoked certificate says so and when.
// Never the buyer or the order (decision 0019). Not indexed; not in the page cache, so a revocation shows at once.
import { data, Link } from "react-router";
import type { Route } from "./+types/verify";
import { WorkImage } from "~/components/site/responsive-image";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { certificateParticulars } from "~/modules/certificates/certificate-rules";
import { verifyCertificate } from "~/modules/certificates/certificates.server";

const HEADERS = { "cache-control": "no-store", "x-robots-tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const certificate = await verifyCertificate(params.code);
  if (!certificate) return data({ certificate: null }, { status: 404, headers: HEADERS });
  return data({ certificate }, { headers: HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const c = loaderData?.certificate;
  return privatePageMeta(matches, c ? `Certificate ${c.number}` : "Certificate not found");
};

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  const c = loaderData.certificate;
  if (!c) {
    return (
      <div className="container-page py-16 md:py-24">
        <p className="eyebrow">Certificate of authenticity</p>
        <h1 className="mt-3 max-w-2xl text-4xl md:text-5xl">No certificate has this code</h1>
        <p className="text-muted mt-5 max-w-xl text-lg leading-relaxed">
          Check the address against the one printed under the certificate&apos;s QR code. If it still cannot be found,
          please{" "}
          <Link to={paths.contact()} className="underline underline-offset-4">
            write to the studio
          </Link>
          .
        </p>
      </div>
    );
  }
  const facts = [...certificateParticulars(c), ...(c.status ? [["Status of the work", c.status] as const] : [])];
  return (
    <article className="container-page grid gap-10 py-10 md:grid-cols-12 md:gap-16 md:py-16">
      <div className="md:col-span-7">
        {c.image ? (
          <div className="bg-paper-deep flex items-center justify-center p-6 md:p-14">
            <WorkImage image={c.image} alt={[c.title, c.medium].filter(Boolean).join(", ")} maxHeight="70dvh" />
          </div>
        ) : null}
      </div>
      <div className="md:col-span-5 md:pt-4">
        <p className="eyebrow">Certificate of authenticity</p>
        {c.revokedOn ? (
          <div role="alert" className="border-destructive mt-5 border-l-2 pl-4">
            <p className="text-destructive font-medium">This certificate was revoked on {c.revokedOn}.</p>
            <p className="text-ink-soft mt-1 text-sm leading-relaxed">
              It no longer vouches for the work. The artist may have issued a new certificate in its place.
            </p>
          </div>
        ) : (
          <p className="text-available mt-5 font-medium" data-testid="certificate-verdict">
            Authentic: certificate {c.number} is valid.
          </p>
        )}
        <h1 className="mt-4 text-4xl italic md:text-5xl">{c.title}</h1>
        <p className="text-muted mt-3 text-lg">by {c.artistName}</p>
        <dl className="border-line mt-8 grid grid-cols-[auto_1fr] items-baseline gap-x-8 gap-y-3 border-t pt-6">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted text-sm">{label}</dt>
              <dd className={label === "Certificate no." ? "tabular-nums" : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-muted mt-8 text-sm leading-relaxed">
          This page is kept by the artist&apos;s studio. It confirms the certificate and the work; it never shows who
          owns the work.
        </p>
        {c.artworkId ? (
          <p className="mt-6">
            <Link to={paths.artwork(c.artworkId)} className="text-ink-soft text-sm underline underline-offset-4">
              See the work in the gallery
            </Link>
          </p>
        ) : null}
      </div>
    </article>
  );
}
