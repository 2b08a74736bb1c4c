import type { HTMLAttributes } from "react";

/**
 * One line of a description list (`<dl>`): the term, muted, then what it says (`className` and other attributes
 * go to the `<dd>`). A line with nothing to say (a phone number not given) is left out, so an optional line
 * needs no condition around it; a line that must show its absence says so ("—").
 */
export function Fact({ term, children, ...dd }: { term: string } & HTMLAttributes<HTMLElement>) {
  if (children === null || children === undefined || children === "" || children === false) return null;
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd {...dd}>{children}</dd>
    </>
  );
}
