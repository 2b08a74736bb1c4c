import type { CSSProperties } from "react";
import { CSS_COLOR } from "~/modules/content/sections";

export interface HighlightData {
  text: string;
  color: string;
}

// A stored highlight colour is used only when it is a plain CSS colour; anything else falls back to the accent.

/** The artist's highlights (spec §9 defaults: 150+ Original Artworks, …): a quiet list of facts with a coloured rule. */
export function Highlights({ items, className = "" }: { items: readonly HighlightData[]; className?: string }) {
  return (
    <ul className={`grid grid-cols-2 gap-x-6 gap-y-6 ${className}`}>
      {items.map((item, i) => (
        <li
          key={`${i}-${item.text}`}
          className="border-t-2 border-[var(--highlight)] pt-3 font-serif text-lg leading-snug"
          style={{ "--highlight": CSS_COLOR.test(item.color) ? item.color : "var(--color-accent)" } as CSSProperties}
        >
          {item.text}
        </li>
      ))}
    </ul>
  );
}
