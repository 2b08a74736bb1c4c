export interface CvSection {
  heading: string;
  entries: string[];
}

/** "2025 · Tidewater, …" reads as a year and its entry; anything else is shown whole. */
function splitEntry(entry: string): [string, string] | null {
  const match = /^(\S.{0,11}?)\s+·\s+(.+)$/.exec(entry);
  return match ? [match[1]!, match[2]!] : null;
}

/** The about page's CV: each heading beside its entries, years in their own column. */
export function CurriculumVitae({ sections }: { sections: readonly CvSection[] }) {
  return (
    <div className="divide-line border-line divide-y border-y">
      {sections.map((section, i) => (
        <div key={i} className="grid gap-4 py-8 md:grid-cols-12 md:gap-10">
          <h3 className="text-xl md:col-span-4">{section.heading}</h3>
          <ul className="space-y-3 md:col-span-8">
            {section.entries.map((entry, j) => {
              const parts = splitEntry(entry);
              return (
                <li key={j} className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-4 leading-relaxed">
                  {parts ? (
                    <>
                      <span className="text-muted tabular-nums">{parts[0]}</span>
                      <span>{parts[1]}</span>
                    </>
                  ) : (
                    <span className="col-start-2">{entry}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
