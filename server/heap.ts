// How much garbage the JS heap may hold between full collections (HEAP_GROWTH_PERCENT, docs/configuration.md).
// Under load a request's objects often outlive the young generation and wait in the old one; V8 lets that
// space grow to about four times the live data before collecting it, so the resident memory swings by
// hundreds of megabytes with nothing retained. A lower factor costs a few more, short, full collections.
import { setFlagsFromString } from "node:v8";

/** Sets V8's heap growing factor to 1 + percent / 100; 0 keeps V8's own. Read by V8 at each full collection. */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
