/**
 * An object a suite holds from its start that stands for one made later, in the suite's first hook (a server, a
 * stand-in): every read and write goes to the one `current()` gives, which throws while it is not made yet.
 */
export function madeLater<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key) as unknown,
    set: (_, key, value) => Reflect.set(current(), key, value),
  });
}
