// What a visitor sees once a message or request has gone: a calm panel in place of the form, saying what
// happens next, with a way back into the site.
import { buttonClass } from "~/components/ui/button";

export function SentPanel({
  id,
  title,
  text,
  link,
}: {
  /** The heading's id (the panel is labelled by it). */
  id: string;
  title: string;
  text: string;
  link: { href: string; label: string };
}) {
  return (
    <section
      role="status"
      aria-labelledby={id}
      className="border-line bg-paper-deep/60 self-start rounded-lg border px-6 py-10 md:px-10"
    >
      <h2 id={id} className="text-3xl">
        {title}
      </h2>
      <p className="text-muted mt-4 leading-relaxed">{text}</p>
      <a href={link.href} className={`${buttonClass("secondary")} mt-8`}>
        {link.label}
      </a>
    </section>
  );
}
