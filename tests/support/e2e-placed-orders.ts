// The orders a shop spec places on the shared server, given back after each test: other specs count the demo's
// available and sold works.
import { test } from "./fixtures";
import { releaseOrder } from "./shop-flow";

/**
 * The spec's list of the orders its tests place (push each number as it is read): after each test, every order
 * in it is cancelled, or refunded if paid, so its works are on sale again.
 */
export function ordersReleasedAfterEach(): string[] {
  const placed: string[] = [];
  test.afterEach(async ({ baseURL }) => {
    for (const number of placed.splice(0)) await releaseOrder(baseURL!, number);
  });
  return placed;
}
