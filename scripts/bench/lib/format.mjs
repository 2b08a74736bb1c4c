// Console output: aligned plain-text tables and unit formatting, readable in a terminal or a CI log.

const dash = "–";

export const ms = (v, digits = 0) => (v === undefined ? dash : `${v.toFixed(digits)} ms`);
export const sec = (msValue, digits = 1) => (msValue === undefined ? dash : `${(msValue / 1000).toFixed(digits)} s`);
export const kb = (bytes, digits = 1) => (bytes === undefined ? dash : `${(bytes / 1024).toFixed(digits)} KB`);
export const mb = (bytes, digits = 0) => (bytes === undefined ? dash : `${(bytes / 1024 / 1024).toFixed(digits)} MB`);
export const num = (v, digits = 0) => (v === undefined ? dash : v.toFixed(digits));
export const verdict = (ok) => (ok === undefined ? dash : ok ? "PASS" : "FAIL");

/** The `keys` of a timing summary as table cells in ms, one decimal ("–" for each where there is no summary). */
export const msCells = (summary, keys) => keys.map((key) => ms(summary?.[key], 1));

/** Prints a titled table; `columns` are header strings, `rows` arrays of cells (numbers right-aligned). */
export function printTable(title, columns, rows, notes = []) {
  const cells = rows.map((row) => row.map((c) => (c === undefined || c === null ? dash : String(c))));
  const widths = columns.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? "").length)));
  const numeric = columns.map((_, i) => cells.every((r) => /^[-+]?[\d.,]+( ?[a-zA-Z%]+)?$|^–$/.test(r[i] ?? "")));
  const line = (r) => r.map((c, i) => (numeric[i] && i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  const out = [`\n${title}`, line(columns), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)];
  for (const note of notes) out.push(`  ${note}`);
  process.stdout.write(`${out.join("\n")}\n`);
}

/** One progress line on stderr, so stdout keeps only the tables. */
export function log(message) {
  process.stderr.write(`bench: ${message}\n`);
}
