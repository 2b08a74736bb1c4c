import { describe, expect, it } from "vitest";
import { mailTemplates } from "./templates";

const brand = { artistName: "Mara Ellison", siteTitle: "Mara Ellison", publicUrl: "https://maraellison.art" };

describe("mail templates", () => {
  it.each([
    ["magic-link", { url: "https://maraellison.art/x?t=1", minutes: 10 }, "Your sign-in link for Mara Ellison"],
    [
      "password-reset",
      { url: "https://maraellison.art/auth?reset=true", minutes: 60 },
      "Reset your password for Mara Ellison",
    ],
    [
      "email-verification",
      { url: "https://maraellison.art/verify", minutes: 0 },
      "Confirm your e-mail address for Mara Ellison",
    ],
  ] as const)("%s has a subject, an HTML and a text part with the link", (name, data, subject) => {
    const mail = mailTemplates[name](brand, data);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(data.url);
    expect(mail.html).toContain(data.url.replace(/&/g, "&amp;"));
    expect(mail.text).toContain("Mara Ellison · https://maraellison.art");
  });

  it("sign-in alerts name the time, device and address, and escape what they quote", () => {
    const mail = mailTemplates["sign-in-alert"](brand, {
      when: "21 November 2026, 09:14",
      device: "Firefox <on> Linux",
      ip: "203.0.113.7",
    });
    expect(mail.subject).toBe("New sign-in to your Mara Ellison account");
    expect(mail.text).toContain("Firefox <on> Linux");
    expect(mail.html).toContain("Firefox &lt;on&gt; Linux");
    expect(mail.html).not.toContain("<on>");
  });

  it("an attempt to sign up again points to the password reset", () => {
    const mail = mailTemplates["account-exists"](brand, { url: "https://maraellison.art/auth?mode=forgot" });
    expect(mail.subject).toBe("You already have an account at Mara Ellison");
    expect(mail.text).toContain("https://maraellison.art/auth?mode=forgot");
  });

  it("links the artist to the admin page a message concerns, on the site's address", () => {
    const from = { from: "Ines", email: "ines@example.com" };
    const links = [
      [mailTemplates.test(brand, {}), "/admin/outbox"],
      [
        mailTemplates["new-inquiry"](brand, { ...from, subject: "Hello", body: "Hi", kind: "Inquiry" }),
        "/admin/messages",
      ],
      [mailTemplates["new-commission"](brand, { ...from, description: "A sea", facts: [] }), "/admin/commissions"],
    ] as const;
    for (const [mail, path] of links) {
      expect(mail.text).toContain(`https://maraellison.art${path}`);
      expect(mail.html).toContain(`href="https://maraellison.art${path}"`);
    }
  });

  it("a change of address says so, not 'thank you for creating an account'", () => {
    const mail = mailTemplates["email-verification"](brand, { url: "https://maraellison.art/v", change: true });
    expect(mail.text).toContain("You asked to use this address");
    expect(mail.text).not.toContain("creating an account");
  });
});
