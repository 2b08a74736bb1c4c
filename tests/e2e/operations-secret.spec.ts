// Changing the shop's secret on a running shop (docs/operations.md, "The shop's secret"): restarted with a new
// AUTH_SECRET and the old one in AUTH_PREVIOUS_SECRETS, a buyer's browser still opens its order confirmation
// (a cookie the old secret signed); restarted with the new secret alone, it gets the neutral page.
import { randomBytes } from "node:crypto";
import { startServer, stop, waitHealthy, type Server } from "../support/spawn-server";
import { expect, test } from "../support/fixtures";
import { buyFromShop, confirmedOrderNumber } from "../support/shop-flow";
import { runTempDir } from "../support/test-run";

let server: Server | undefined;
test.afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await stop(server);
});

test("after a change of secret with the old one listed, the buyer's browser still opens its order confirmation", async ({
  page,
}) => {
  const dataDir = runTempDir("atelier-secret-");
  const [before, after] = [randomBytes(48).toString("base64url"), randomBytes(48).toString("base64url")];
  /** The shop on the same DATA_DIR and port (the browser's cookies are the site's) with these secrets. */
  const restart = async (env: Record<string, string>, port?: number) => {
    // The open page would fetch from the stopped server (a console error): it leaves first.
    await page.goto("about:blank");
    if (server) await stop(server);
    server = await startServer({ DATA_DIR: dataDir, ...env }, port ? { port } : { data: "demo" });
    await waitHealthy(server);
    return server;
  };

  const first = await restart({ AUTH_SECRET: before });
  const number = await buyFromShop(
    page,
    "Porchlight",
    { name: "Rosa Keeper", email: "rosa.keeper@example.com" },
    first.url,
  );
  const confirmation = page.url();
  const port = Number(new URL(first.url).port);
  const heading = page.getByRole("heading", { level: 1 });

  await restart({ AUTH_SECRET: after, AUTH_PREVIOUS_SECRETS: before }, port);
  await page.goto(confirmation);
  await expect(heading).toHaveText("Thank you for your order");
  expect(await confirmedOrderNumber(page)).toBe(number);

  await restart({ AUTH_SECRET: after }, port);
  await page.goto(confirmation);
  await expect(heading).toHaveText("Order confirmation");
  await expect(page.getByText("There is no order confirmation to show here.", { exact: false })).toBeVisible();
  await expect(page.getByRole("main").getByText(number)).toHaveCount(0);
});
