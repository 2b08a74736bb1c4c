// Public forms that take files (a commission request's reference images, up to 51 MB) hold the whole body in
// memory while it is parsed. Two fences keep a few hostile senders from filling the memory: a per-address
// budget taken before the body is read (hitRateLimit, RATE_LIMITS.publicUpload), and a cap on how many such
// bodies this process reads at once. Exposes: carriesFiles, withUploadSlot.

/** Bodies above this are taken to carry files; a form of fields alone is a few KB. */
export const SMALL_FORM_BYTES = 64 * 1024;
/** Public uploads read at once by one process; a further one is asked to retry (503). */
export const UPLOADS_AT_ONCE = 3;

/** Client addresses with a body being read: one each, so also how many are read. */
const readingFrom = new Set<string>();

/** Whether a request's body is large enough to be treated as an upload (declared length; chunked is refused). */
export function carriesFiles(request: Request): boolean {
  return Number(request.headers.get("content-length") ?? 0) > SMALL_FORM_BYTES;
}

/**
 * Runs `read` if fewer than UPLOADS_AT_ONCE uploads are being read and none from `address`; otherwise answers
 * busy without reading. One address, one upload at a time: a sender trickling a few bytes into three bodies
 * held every slot for minutes, and nobody else could send a picture.
 */
export async function withUploadSlot<T>(
  address: string,
  read: () => Promise<T>,
): Promise<{ busy: false; value: T } | { busy: true }> {
  if (readingFrom.size >= UPLOADS_AT_ONCE || readingFrom.has(address)) return { busy: true };
  readingFrom.add(address);
  try {
    return { busy: false, value: await read() };
  } finally {
    readingFrom.delete(address);
  }
}
