import { describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../../../tests/support/vitest-setup";
import { reportAction } from "./action-result";

describe("reportAction (spec §8 optimistic update failure; the rethrow is a recorded departure, decision 0018)", () => {
  it("logs a failed write and answers { ok: false } instead of rethrowing it", async () => {
    allowConsoleError(/Could not update the artwork/);
    const failing = () => Promise.reject(new Error("connection reset"));
    await expect(reportAction(failing, "Could not update the artwork")).resolves.toEqual({
      ok: false,
      error: "Could not update the artwork",
    });
    expect(vi.mocked(console.error)).toHaveBeenCalledWith("Could not update the artwork", expect.any(Error));
  });

  it("logs a refused write with the server's reason, and returns it as it is", async () => {
    allowConsoleError(/Could not save the post: Title taken/);
    const refused = { ok: false as const, error: "Title taken" };
    await expect(reportAction(() => Promise.resolve(refused), "Could not save the post")).resolves.toBe(refused);
    expect(vi.mocked(console.error)).toHaveBeenCalledWith("Could not save the post: Title taken");
  });

  it("still rethrows a redirect (the session ended), so it is followed", async () => {
    const redirect = new Response(null, { status: 302, headers: { location: "/login" } });
    // A clientAction's redirect is a thrown Response, as React Router's `redirect()` makes it.
    const redirecting = async (): Promise<{ ok: true }> => {
      await Promise.resolve();
      throw redirect;
    };
    await expect(reportAction(redirecting, "Could not save")).rejects.toBe(redirect);
    expect(vi.mocked(console.error)).not.toHaveBeenCalled();
  });
});
