/**
 * `Promise.all` over an object: every value is awaited at once (they were started by whoever built the object)
 * and each result is kept under its key, so a loader that reads many things names each only once.
 */
export async function allOf<T extends Record<string, unknown>>(
  promises: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const keys = Object.keys(promises);
  const values = await Promise.all(keys.map((key) => promises[key]));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as { [K in keyof T]: Awaited<T[K]> };
}
