// The process's storage from its configuration: DATA_DIR/media, or the S3-compatible store of STORAGE_URL
// (its client is loaded only then).
import { join } from "node:path";
import { ConfigError, type Config } from "~/config.server";
import { LocalDiskStorage, type Storage } from "./storage.server";
import { parseStorageUrl } from "./storage-url";

export async function openStorage(config: Pick<Config, "dataDir" | "storageUrl">): Promise<Storage> {
  if (!config.storageUrl) return new LocalDiskStorage(join(config.dataDir, "media"));
  let location;
  try {
    location = parseStorageUrl(config.storageUrl);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}.`);
  }
  const { S3Storage } = await import("./s3-storage.server");
  return new S3Storage(location);
}
