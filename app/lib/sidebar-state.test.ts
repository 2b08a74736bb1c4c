import { describe, expect, it } from "vitest";
import { isSidebarShortcut, readSidebarOpen, SIDEBAR_COOKIE_MAX_AGE, sidebarCookie } from "./sidebar-state";

describe("readSidebarOpen", () => {
  it("defaults to expanded without the cookie", () => {
    expect(readSidebarOpen(null)).toBe(true);
    expect(readSidebarOpen("")).toBe(true);
    expect(readSidebarOpen("theme=dark; other=1")).toBe(true);
  });

  it("reads the stored state among other cookies", () => {
    expect(readSidebarOpen("sidebar_state=false")).toBe(false);
    expect(readSidebarOpen("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarOpen("a=1;sidebar_state=true")).toBe(true);
  });

  it("ignores unreadable values and look-alike names", () => {
    expect(readSidebarOpen("sidebar_state=maybe")).toBe(true);
    expect(readSidebarOpen("x_sidebar_state=false")).toBe(true);
    expect(readSidebarOpen("sidebar_state")).toBe(true);
  });

  it("round-trips what sidebarCookie writes", () => {
    for (const open of [true, false]) {
      const cookie = sidebarCookie(open);
      expect(readSidebarOpen(cookie.split(";")[0])).toBe(open);
    }
  });
});

describe("sidebarCookie", () => {
  it("keeps the state for 7 days", () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604_800);
    expect(sidebarCookie(false)).toContain("Max-Age=604800");
  });
});

describe("isSidebarShortcut", () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it("accepts Ctrl+B and Cmd+B", () => {
    expect(isSidebarShortcut(key("b", { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("B", { metaKey: true }))).toBe(true);
  });
  it("rejects a bare b and other combinations", () => {
    expect(isSidebarShortcut(key("b"))).toBe(false);
    expect(isSidebarShortcut(key("b", { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSidebarShortcut(key("n", { ctrlKey: true }))).toBe(false);
  });
});
