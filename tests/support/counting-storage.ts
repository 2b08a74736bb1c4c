// A real Storage, observed (docs/testing.md: wrap a real part, never replace it): every key written and every key
// read, in order.
import type { Storage } from "~/modules/media/storage.server";

export function counting(storage: Storage): Storage & { puts: string[]; gets: string[] } {
  const puts: string[] = [];
  const gets: string[] = [];
  return {
    puts,
    gets,
    put: (key, body) => {
      puts.push(key);
      return storage.put(key, body);
    },
    get: (key) => {
      gets.push(key);
      return storage.get(key);
    },
    exists: (key) => storage.exists(key),
    delete: (key) => storage.delete(key),
    list: (prefix, pageSize) => storage.list(prefix, pageSize),
  };
}
