// A real Storage, observed (docs/testing.md: wrap a real part, never replace it): every key written, in order.
import type { Storage } from "~/modules/media/storage.server";

export function counting(storage: Storage): Storage & { puts: string[] } {
  const puts: string[] = [];
  return {
    puts,
    put: (key, body) => {
      puts.push(key);
      return storage.put(key, body);
    },
    get: (key) => storage.get(key),
    exists: (key) => storage.exists(key),
    delete: (key) => storage.delete(key),
  };
}
