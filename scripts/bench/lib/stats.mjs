// Small statistics helpers: medians and percentiles of measured samples (nearest-rank, no interpolation).

/** The p-th percentile (0–100) by nearest rank; undefined for no samples. */
export function percentile(samples, p) {
  const values = samples.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (values.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * values.length);
  return values[Math.min(values.length - 1, Math.max(0, rank - 1))];
}

/** The median; the mean of the two middle values for an even count. */
export function median(samples) {
  const values = samples.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (values.length === 0) return undefined;
  const mid = Math.floor(values.length / 2);
  return values.length % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

/** Rounds to `digits` decimals, keeping undefined as undefined (JSON drops it, tables print "–"). */
export function round(value, digits = 1) {
  if (value === undefined || value === null || !Number.isFinite(value)) return undefined;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The sample whose value of `key` is the median one: a representative run to take details from. */
export function medianBy(items, key) {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
