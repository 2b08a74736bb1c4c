// A buyer's certificates of authenticity for one order, each a download link: on the account page and on the
// tracking page once the order has been shown.
import type { CertificateLink } from "~/modules/certificates/certificate-rules";

export function CertificateLinks({ certificates, className }: { certificates: CertificateLink[]; className?: string }) {
  return (
    <ul className={className}>
      {certificates.map((c) => (
        <li key={c.number}>
          <a href={c.href} download className="underline underline-offset-4">
            Download certificate {c.number}
          </a>{" "}
          <span className="text-muted">· {c.title}</span>
        </li>
      ))}
    </ul>
  );
}
