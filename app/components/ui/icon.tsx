// Icons as plain inline SVG, drawn like Lucide's (lucide.dev, ISC licence): 24 px grid, round caps, stroke in
// the text colour. A page that shows a few icons before anything is opened uses these instead of the icon
// library's runtime (decision 0008).
import type { ReactNode, SVGProps } from "react";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

export function icon(shapes: ReactNode) {
  return function Icon({ strokeWidth = 2, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        {shapes}
      </svg>
    );
  };
}
