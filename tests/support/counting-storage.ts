// A real Storage, observed (docs/testing.md: wrap a real part, never replace it): every key written and every key
// read, in order; or refusing every write, as an object store out of reach does.
import { StorageUnavailableError, type Storage } from "~/modules/media/storage.server";
import { services, setServices } from "~/services.server";

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

/** Runs `act` with the real store watched: `store.puts` and `store.gets`, the keys written and read. */
export async function whileStoreWatched<T>(act: (store: { puts: string[]; gets: string[] }) => Promise<T>): Promise<T> {
  const real = services().storage;
  const watched = counting(real);
  setServices({ ...services(), storage: watched });
  try {
    return await act(watched);
  } finally {
    setServices({ ...services(), storage: real });
  }
}

/** Runs `act` while the store takes no write (an object store out of reach), with the real store back after. */
export async function whileStoreRefusesWrites<T>(act: () => Promise<T>): Promise<T> {
  const real = services().storage;
  const refusing = { ...counting(real), put: () => Promise.reject(new StorageUnavailableError("store gone")) };
  setServices({ ...services(), storage: refusing });
  try {
    return await act();
  } finally {
    setServices({ ...services(), storage: real });
  }
}
