import { data, redirect, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { methodNotAllowed, withResourceRefusals } from "./resource-routes";

type Module = NonNullable<ServerBuild["routes"][string]>["module"];

function buildOf(modules: Record<string, Partial<Module>>): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(modules).map(([id, module]) => [
      id,
      { id, path: id, parentId: id.includes("/") ? id.split("/")[0] : undefined, module: module as Module },
    ]),
  );
  return { routes } as unknown as ServerBuild;
}

/** What a wrapped handler threw (or returned), as a Response. */
async function outcome(handler: unknown): Promise<Response> {
  try {
    return await (handler as () => Promise<Response>)();
  } catch (error) {
    return error as Response;
  }
}

describe("withResourceRefusals", () => {
  const page = { default: () => null, loader: () => "page data" };
  const build = withResourceRefusals(
    buildOf({
      page,
      feed: { loader: () => new Response("<rss/>") },
      upload: {
        loader: () => {
          throw data({ error: "Send the image with POST." }, { status: 405, headers: { allow: "POST" } });
        },
        action: () => {
          throw data("No such work.", { status: 404 });
        },
      },
      signOut: { action: () => redirect("/") },
      gone: {
        loader: () => {
          throw new Error("the database is down");
        },
      },
      // A layout with no component of its own (React Router renders its outlet) and the route nested in it.
      layout: { action: () => null },
      "layout/child": { default: () => null },
      handlerless: {},
    }),
  );
  const moduleOf = (id: string) => build.routes[id]!.module;

  it("leaves a page's route as it is, and what React Router does not take for a resource route", () => {
    expect(moduleOf("page")).toBe(page);
    expect(moduleOf("layout").loader).toBeUndefined();
    expect(moduleOf("handlerless").loader).toBeUndefined();
  });

  it("answers a thrown data() of a resource route with the body and status it holds", async () => {
    const text = await outcome(moduleOf("upload").action);
    expect(text.status).toBe(404);
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await text.text()).toBe("No such work.");

    const json = await outcome(moduleOf("upload").loader);
    expect(json.status).toBe(405);
    expect(json.headers.get("allow")).toBe("POST");
    expect(json.headers.get("cache-control")).toBe("no-store");
    expect(await json.json()).toEqual({ error: "Send the image with POST." });
  });

  it("gives a resource route the handler it lacks: 405 naming the methods it does take", async () => {
    const post = await outcome(moduleOf("feed").action);
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(await post.text()).toBe("Method Not Allowed: this address answers GET and HEAD only.\n");

    const get = await outcome(moduleOf("signOut").loader);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.text()).toBe("Method Not Allowed: this address answers POST only.\n");
  });

  it("lets what a handler returns, and an error that is not data(), go on as they were", async () => {
    expect(await (await outcome(moduleOf("feed").loader)).text()).toBe("<rss/>");
    expect((await outcome(moduleOf("signOut").action)).status).toBe(302);
    await expect((moduleOf("gone").loader as () => Promise<unknown>)()).rejects.toThrow("the database is down");
  });

  it("words a list of several methods as a sentence", async () => {
    expect(await methodNotAllowed(["GET", "HEAD", "POST"]).text()).toContain("answers GET, HEAD and POST only.");
  });
});
