// React's pipeable stream writes its output in views of about 2 KB, dozens per page, all in one tick. Each
// chunk then crosses the deferred-hydration transform, a web stream, the compressor and a socket write. This
// gathers whatever is written within one turn of the event loop into a single chunk, so a page crosses that
// chain a few times instead of fifty; streaming is kept (a Suspense boundary that resolves later is its own
// chunk, sent in the next turn). Figures: docs/benchmarks.md "Rendering cost".
import { Transform } from "node:stream";

export function coalesceChunks(): Transform {
  let held: Buffer[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    scheduled = false;
    if (held.length === 0) return;
    const chunk = held.length === 1 ? held[0]! : Buffer.concat(held);
    held = [];
    stream.push(chunk);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      held.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => release(this));
      }
      callback();
    },
    flush(callback) {
      release(this);
      callback();
    },
  });
}
