import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { NotificationView } from "~/lib/realtime";
import { NotificationItem } from "./notification-item";

const base: NotificationView = {
  id: "n1",
  type: "info",
  priority: "default",
  title: "New message from Ada",
  message: "About the blue painting",
  link: "/admin/messages",
  createdAt: "2026-11-22T10:00:00.000Z",
  readAt: null,
};

const render = (n: Partial<NotificationView>) =>
  renderToStaticMarkup(<NotificationItem notification={{ ...base, ...n }} onRead={() => {}} onDelete={() => {}} />);

describe("a notification in the bell (spec §3: type and priority)", () => {
  it.each([
    ["error", "Error"],
    ["warning", "Warning"],
    ["success", "Success"],
    ["info", "Information"],
  ] as const)("a %s notification shows its icon, named %s for readers", (type, label) => {
    const html = render({ type });
    expect(html).toContain(`role="img" aria-label="${label}"`);
    // Exactly one type icon.
    expect(html.match(/role="img"/g)).toHaveLength(1);
  });

  it("urgent and high stand out with a bar and a word; normal and default are plain", () => {
    expect(render({ priority: "urgent" })).toMatch(/border-l-red-600[\s\S]*>Urgent</);
    expect(render({ priority: "high" })).toMatch(/border-l-amber-500[\s\S]*>High</);
    for (const priority of ["normal", "default"] as const) {
      const html = render({ priority });
      expect(html).toContain("border-l-transparent");
      expect(html).not.toMatch(/>(Urgent|High)</);
    }
  });

  it("an unread one is marked and offers Mark as read; a read one does not", () => {
    const unread = render({});
    // Said to a reader as a word (a label on a plain span is not announced), the dot itself hidden.
    expect(unread).toContain('<span class="sr-only">Unread</span>');
    expect(unread).not.toContain('aria-label="Unread"');
    // Each button names its notification, as Delete does: a list of them is not ten "Mark as read".
    expect(unread).toContain('aria-label="Mark as read: New message from Ada"');
    expect(unread).toContain('aria-label="Delete notification: New message from Ada"');
    const read = render({ readAt: "2026-11-22T11:00:00.000Z" });
    expect(read).not.toContain("Unread");
    expect(read).not.toContain("Mark as read");
  });
});
