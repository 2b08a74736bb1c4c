// `npm run media:move -- --to s3://bucket?region=…&endpoint=…`: copies every upload and image size in
// DATA_DIR/media to an S3-compatible store (docs/operations.md "Object storage"). Files already there with the
// same size are skipped, so it can run while the shop serves and again after it stopped (copying only what
// came meanwhile). The local files stay where they are. Prints the STORAGE_URL to set.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "~/config.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { LocalDiskStorage, StorageUnavailableError } from "~/modules/media/storage.server";
import { parseStorageUrl } from "~/modules/media/storage-url";
import { fail, mb, run } from "./cli";

const USAGE = "usage: npm run media:move -- --to s3://bucket[/prefix]?region=…[&endpoint=https://…]";

run("media:move", async () => {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  if (!values.to) fail("media:move", `--to is required.\n${USAGE}`, 2);
  let location;
  try {
    location = parseStorageUrl(values.to);
  } catch (error) {
    fail("media:move", `${(error as Error).message}.\n${USAGE}`, 2);
  }
  const config = loadConfig();
  const root = join(config.dataDir, "media");
  // A DATA_DIR that is not the server's would copy nothing and print the STORAGE_URL that loses every picture.
  if (!existsSync(root))
    fail("media:move", `${root} does not exist, so there is nothing to copy: run this with the server's DATA_DIR.`);
  const source = new LocalDiskStorage(root);
  const target = new S3Storage(location);
  const started = Date.now();
  let copied = 0;
  let kept = 0;
  let bytes = 0;
  try {
    for await (const key of source.keys()) {
      const body = await readFile(join(root, key));
      const there = await target.get(key);
      if (there && there.size === body.length) {
        there.body.destroy();
        kept++;
        continue;
      }
      there?.body.destroy();
      await target.put(key, body);
      copied++;
      bytes += body.length;
    }
  } catch (error) {
    if (error instanceof StorageUnavailableError) fail("media:move", `${error.message}. Nothing else was copied.`);
    throw error;
  }
  process.stdout.write(
    `media:move: copied ${copied} files (${mb(bytes)}) to ${location.bucket}, ${kept} were already there, in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      `Stop the shop, run this again (it copies only what came meanwhile), then start it with:\n  STORAGE_URL=${values.to}\n` +
      `and the store's credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). The files in ${root} are left as they were.\n`,
  );
});
