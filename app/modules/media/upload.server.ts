// Reading an uploaded file without trusting its size: the body is streamed and refused as soon as it passes
// the limit, so a 2 GB upload costs 25 MB of memory at most, never the whole file.
import { MAX_UPLOAD_BYTES, MediaError } from "./pipeline.server";

export async function readUploadBody(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number | undefined,
  limit = MAX_UPLOAD_BYTES,
): Promise<Buffer> {
  const tooLarge = () => new MediaError("too_large", `The file is larger than ${limit / 1024 / 1024} MB.`);
  if (declaredLength !== undefined && declaredLength > limit) throw tooLarge();
  if (!body) throw new MediaError("empty", "The file is empty.");
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (total === 0) throw new MediaError("empty", "The file is empty.");
  return Buffer.concat(chunks, total);
}
