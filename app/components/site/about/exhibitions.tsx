// The About page's Exhibitions: upcoming (and current) shows, then past ones, as the server formatted them.
import { Link } from "react-router";
import { paths } from "~/lib/paths";
import { ExternalLink } from "../external-link";

export interface ExhibitionEntry {
  id: string;
  title: string;
  venue: string;
  place: string;
  dates: string;
  startDate: string;
  kind: string;
  description: string;
  link: string | null;
  artworks: { slug: string; title: string }[];
}

function ExhibitionList({ items }: { items: ExhibitionEntry[] }) {
  return (
    <ul className="divide-line border-line divide-y border-y">
      {items.map((e) => (
        <li key={e.id} className="grid gap-2 py-6 md:grid-cols-12 md:gap-8">
          <p className="text-muted text-sm md:col-span-3">
            <time dateTime={e.startDate}>{e.dates}</time>
          </p>
          <div className="md:col-span-9">
            <h4 className="font-serif text-xl">
              {e.link ? (
                <ExternalLink href={e.link} className="underline-offset-4 hover:underline">
                  {e.title}
                </ExternalLink>
              ) : (
                e.title
              )}
            </h4>
            <p className="text-ink-soft mt-1 text-sm">
              {[e.venue, e.place].filter(Boolean).join(", ")} · {e.kind}
            </p>
            {e.description ? <p className="text-ink-soft mt-3 max-w-2xl leading-relaxed">{e.description}</p> : null}
            {e.artworks.length > 0 ? (
              <p className="text-muted mt-3 text-sm">
                Works shown:{" "}
                {e.artworks.map((a, i) => (
                  <span key={a.slug}>
                    {i > 0 ? ", " : null}
                    <Link to={paths.artwork(a.slug)} prefetch="intent" className="underline-offset-4 hover:underline">
                      {a.title}
                    </Link>
                  </span>
                ))}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Exhibitions({ upcoming, past }: { upcoming: ExhibitionEntry[]; past: ExhibitionEntry[] }) {
  return (
    <div className="space-y-12">
      {upcoming.length > 0 ? (
        <div>
          <h3 className="eyebrow mb-4 font-sans">Upcoming and current</h3>
          <ExhibitionList items={upcoming} />
        </div>
      ) : null}
      {past.length > 0 ? (
        <div>
          <h3 className="eyebrow mb-4 font-sans">Past</h3>
          <ExhibitionList items={past} />
        </div>
      ) : null}
    </div>
  );
}
