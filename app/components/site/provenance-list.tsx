// The artwork page's "Provenance": the work's history as a quiet typographic list (when, what, where), shown
// only when the artist chooses. The lines come from the public variant: a sale never names its buyer.
import type { ProvenanceLine } from "~/modules/provenance/provenance-rules";

export function ProvenanceList({ lines, className = "" }: { lines: readonly ProvenanceLine[]; className?: string }) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="provenance-heading" className={className}>
      <h2 id="provenance-heading" className="text-2xl">
        Provenance
      </h2>
      <ol className="mt-5 space-y-4 text-sm leading-relaxed">
        {lines.map((line, i) => (
          <li
            key={`${line.dateTime}:${i}`}
            className="grid grid-cols-1 gap-0.5 min-[480px]:grid-cols-[9.5rem_1fr] min-[480px]:gap-6"
          >
            <time dateTime={line.dateTime} className="text-muted tabular-nums">
              {line.when}
            </time>
            <p className="text-ink-soft">
              {keepNumbersWhole(line.what)}
              {line.where ? <span className="text-muted block">{line.where}</span> : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "COA-2026-0001" breaks at its hyphens in a narrow column: such numbers are kept on one line. */
export function keepNumbersWhole(text: string) {
  return text.split(/([A-Z]+-\d{4}-\d+)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
