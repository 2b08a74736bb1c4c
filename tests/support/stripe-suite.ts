// A suite whose services pay by card through the Stripe stand-in.
import { afterAll, beforeAll } from "vitest";
import { useTestServices, type Backend, type SuiteContext } from "./harness";
import { madeLater } from "./made-later";
import { startStripeStandIn, type StripeStandIn } from "./stripe-standin";

/**
 * `useTestServices` with settings that point at a Stripe stand-in. The stand-in starts first, since the services'
 * settings name its address, and closes after them (Vitest runs `afterAll` hooks in reverse). `stripe` is the
 * running stand-in, there inside the suite's hooks and tests as `ctx` is.
 */
export function useStripeTestServices(
  backend: Backend,
  env: Record<string, string> = {},
): { ctx: SuiteContext; stripe: StripeStandIn } {
  const started: { standIn?: StripeStandIn } = {};
  const current = () => {
    if (!started.standIn) throw new Error("The Stripe stand-in runs only inside the suite's hooks and tests.");
    return started.standIn;
  };
  beforeAll(async () => {
    started.standIn = await startStripeStandIn();
  });
  afterAll(() => started.standIn?.close());
  const ctx = useTestServices(backend, () => ({ ...current().env(), ...env }));
  return { ctx, stripe: madeLater(current) };
}
