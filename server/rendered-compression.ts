// Compression of responses rendered per request (pages the page cache does not answer, JSON, feeds).
import zlib from "node:zlib";
import compression from "compression";

/**
 * Brotli 3 with a 256 KB window: on an artwork page (116 KB) quality 3 took 1.10 ms against quality 4's 1.61 ms
 * for 4 % more bytes, and quality 5 saves 7 % for 75 % more CPU than 4; the default 4 MB window only costs
 * memory per response. Cached pages are compressed once at the maximum instead (server/page-cache). Figures:
 * docs/benchmarks.md "Rendering cost" and "Rendering cost, part 2".
 */
export function renderedCompression() {
  return compression({
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
