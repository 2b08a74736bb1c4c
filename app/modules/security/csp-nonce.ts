// A fresh CSP nonce for every request (128 bits from the system's CSPRNG), cut from a pooled buffer: one
// getrandom call per 256 nonces instead of one per request, as Node's own randomUUID does. A request served
// from the page cache never uses its nonce, and the call was 3 % of such a request's CPU (docs/benchmarks.md).
// Each nonce's bytes are handed out once: the pool is replaced, never reread.
import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;

let pool = Buffer.alloc(0);
let offset = 0;

/** 16 random bytes, base64 (24 characters): the value of a `'nonce-…'` source and of `nonce=""`. */
export function cspNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
