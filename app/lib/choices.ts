// A closed set of values written once, each with the words people read for it:
//
//   export const { values: HOLD_STATUSES, labels: HOLD_STATUS_LABELS } = choices({ requested: "Waiting for you", … });
//   export type HoldStatus = (typeof HOLD_STATUSES)[number];
//
// `values` lists the keys in the order they are written (the order of every list and select that shows them; keys
// are words, never numbers, which JavaScript would move to the front), typed as zod's `z.enum` and `choiceParam`
// take them; `labels` is the map itself; `is` tells whether a text (a query parameter, a stored value) is one.

export interface Choices<V extends string> {
  readonly values: readonly [V, ...V[]];
  readonly labels: Readonly<Record<V, string>>;
  readonly is: (value: unknown) => value is V;
}

export function choices<V extends string>(labels: Readonly<Record<V, string>>): Choices<V> {
  return {
    values: Object.keys(labels) as [V, ...V[]],
    labels,
    is: (value): value is V => typeof value === "string" && Object.hasOwn(labels, value),
  };
}
