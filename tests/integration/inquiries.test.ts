// Contact messages and commission requests: validated, stored once per submission, mailed to both sides.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { artworks, commissions, mailOutbox, messages } from "~/db/schema";
import { createArtwork } from "~/modules/catalog/catalog.server";
import { CommissionSchema, ContactSchema, newSubmissionKey } from "~/modules/inbox/inquiries.server";
import { BUDGETS } from "~/lib/inquiries";
import { fieldErrorsOf } from "~/modules/forms/submission.server";
import { RATE_LIMITS } from "~/modules/security/rate-limit.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { action as commissionsAction } from "~/routes/site/commissions";
import { action as contactAction } from "~/routes/site/contact";
import { BACKENDS, useTestServices } from "../support/harness";
import { sendCommission, sendContact } from "../support/inquiry-data";
import { callRoute, formOf } from "../support/shop-data";

describe.each(BACKENDS)("inquiries on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => saveSettings({ artistName: "Mara Ellison", contactEmail: "studio@maraellison.art" }));

  it("stores an artwork inquiry with the stored title, mails the artist and the sender, once per submission", async () => {
    const { id: artworkId } = await createArtwork({ title: "Tide Line", slug: "tide-line", priceCents: 240000 });
    // Sent twice with one submission key, as a browser resends a form.
    const input = {
      name: "Jo Collector",
      email: "Jo@Example.com",
      inquiryType: "artwork",
      message: "Is this painting still available for a home in Lisbon?",
      artworkId,
      submissionKey: newSubmissionKey(),
    } as const;
    const first = await sendContact(input);
    const again = await sendContact(input);
    expect(again).toEqual({ id: first.id, duplicate: true });

    const rows = await ctx.handle.db.select().from(messages).where(eq(messages.id, first.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      inquiryType: "artwork",
      email: "jo@example.com",
      artworkTitle: "Tide Line",
      subject: "Inquiry about “Tide Line”",
      status: "new",
    });
    const mail = await ctx.handle.db.select().from(mailOutbox);
    expect(mail.map((m) => [m.toAddress, m.template]).sort()).toEqual([
      ["Jo@Example.com", "inquiry-received"],
      ["studio@maraellison.art", "new-inquiry"],
    ]);
    expect(mail.find((m) => m.template === "new-inquiry")?.text).toContain("Is this painting still available");
    await ctx.handle.db.delete(artworks).where(eq(artworks.id, artworkId));
  });

  it("turns an artwork inquiry about an unknown work into a general one", async () => {
    const { id } = await sendContact({
      name: "Sam",
      email: "sam@example.com",
      inquiryType: "artwork",
      message: "A question about a painting I saw.",
      artworkId: "018f2a3c-0000-7000-8000-000000000000",
    });
    const [row] = await ctx.handle.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ inquiryType: "general", artworkId: null, subject: "General inquiry" });
  });

  it("explains every mistake in plain words, per field", () => {
    const result = ContactSchema.safeParse({
      name: " ",
      email: "not-an-address",
      inquiryType: "spam",
      message: "hi",
      submissionKey: "x",
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({
      name: "Enter your name.",
      email: "Enter a valid email address, like name@example.com.",
      inquiryType: "Choose what your message is about.",
      message: "Write a little more: at least 10 characters.",
      submissionKey: "This form has expired. Please reload the page and send it again.",
    });
  });

  it("refuses a name that shows nothing (zero-width and format characters only) beside the field, storing nothing", async () => {
    const before = await ctx.handle.db.$count(messages);
    const form = formOf({
      name: "\u200B\u200D\u2060\u00AD\u200E",
      email: "blank@example.com",
      inquiryType: "general",
      message: "A question about the studio's opening hours.",
      submissionKey: newSubmissionKey(),
    });
    const answer = await callRoute(contactAction, "/contact", { form, ip: "198.51.100.61" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, fieldErrors: { name: "Enter your name." } });
    expect(await ctx.handle.db.$count(messages)).toBe(before);

    // A name with those characters inside it is a name: a Persian one with its ZWNJ is stored as typed.
    const persian = "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645";
    form.set("name", persian);
    form.set("submissionKey", newSubmissionKey());
    expect((await callRoute(contactAction, "/contact", { form, ip: "198.51.100.61" })).status).toBe(200);
    const [stored] = await ctx.handle.db.select().from(messages).where(eq(messages.email, "blank@example.com"));
    expect(stored?.name).toBe(persian);
  });

  it("counts only the characters that show toward a message's and a description's length", () => {
    const contact = { name: "Sam", email: "sam@example.com", inquiryType: "general", submissionKey: "k" };
    const commission = { name: "Sam", email: "sam@example.com", budget: Object.keys(BUDGETS)[0], submissionKey: "k" };
    const messageError = (message: string) => {
      const result = ContactSchema.safeParse({ ...contact, message });
      return result.success ? undefined : fieldErrorsOf(result.error).message;
    };
    const descriptionError = (description: string) => {
      const result = CommissionSchema.safeParse({ ...commission, description });
      return result.success ? undefined : fieldErrorsOf(result.error).description;
    };
    expect(messageError("\u200B".repeat(12))).toBe("Write your message.");
    expect(messageError(`Hi${"\u200B".repeat(20)}`)).toBe("Write a little more: at least 10 characters.");
    expect(messageError("When are you open?")).toBeUndefined();
    expect(descriptionError("\u2060".repeat(30))).toBe("Tell the artist about the painting you have in mind.");
    expect(descriptionError(`A sea${"\u200D".repeat(30)}`)).toBe(
      "Tell a little more about the painting you have in mind: at least 20 characters.",
    );
    expect(descriptionError("A large grey sea at dusk, for a long wall.")).toBeUndefined();
  });

  it("answers a text field sent twice by hand beside the field in the form's words, never zod's", async () => {
    const form = formOf({
      email: "twice@example.com",
      inquiryType: "general",
      message: "A question about the studio's opening hours.",
      submissionKey: newSubmissionKey(),
    });
    for (const name of ["name", "subject"]) {
      form.append(name, "One");
      form.append(name, "Two");
    }
    const answer = await callRoute(contactAction, "/contact", { form, ip: "198.51.100.62" });
    expect(answer.status).toBe(400);
    expect((answer.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      name: "Enter your name.",
      subject: "The form could not be read. Please reload the page and try again.",
    });
  });

  it("stores a commission request in the pipeline with its budget range", async () => {
    const input = {
      name: "Ana Ruiz",
      email: "ana@example.com",
      description: "A large, calm painting in blues for a north-facing living room.",
      medium: "Oil on canvas",
      size: '60 × 48"',
      budget: "5000-10000",
      timeline: "By next spring",
      submissionKey: newSubmissionKey(),
    } as const;
    const { id } = await sendCommission(input);
    expect((await sendCommission(input)).duplicate).toBe(true);
    const [row] = await ctx.handle.db.select().from(commissions).where(eq(commissions.id, id));
    expect(row).toMatchObject({
      stage: "requested",
      budgetMin: 5000,
      budgetMax: 10000,
      details: { budget: "$5,000 – $10,000" },
      medium: "Oil on canvas",
    });
    const templates = (await ctx.handle.db.select().from(mailOutbox)).map((m) => m.template);
    expect(templates).toEqual(expect.arrayContaining(["new-commission", "commission-received"]));
  });

  it("mails a copy to the sender at most 10 times a day, repeats nothing they typed, and still keeps every message (security issue item 15)", async () => {
    const victim = "victim@example.org";
    const lure = "Claim your prize at evil.example";
    for (let i = 0; i < 12; i++)
      await sendContact({
        name: lure,
        email: victim,
        inquiryType: "general",
        subject: `You won, see evil.example ${i}`,
        message: "Visit evil.example to collect your prize today.",
      });
    await sendCommission({
      name: lure,
      email: victim,
      description: "Visit evil.example to collect your prize today, it is waiting.",
      budget: "under-2000",
    });
    const stored = await ctx.handle.db.select().from(messages).where(eq(messages.email, victim));
    expect(stored).toHaveLength(12);
    const copies = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, victim));
    // Ten copies in all, from both forms together; the artist heard of every one.
    expect(copies).toHaveLength(10);
    for (const copy of copies) {
      expect(`${copy.subject} ${copy.text} ${copy.html}`).not.toContain("evil.example");
      expect(copy.text).not.toContain(lure);
    }
    const toArtist = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "studio@maraellison.art"));
    expect(toArtist.filter((m) => m.text.includes("evil.example")).length).toBe(13);
  });
});

describe.each(BACKENDS)("the public forms' limits on %s", (backend) => {
  useTestServices(backend);
  beforeAll(() => saveSettings({ artistName: "Mara Ellison", contactEmail: "studio@maraellison.art" }));

  const forms: {
    form: string;
    ip: string;
    action: Parameters<typeof callRoute>[0];
    max: number;
    fields: Record<string, string>;
  }[] = [
    {
      form: "contact",
      ip: "198.51.100.41",
      action: contactAction,
      max: RATE_LIMITS.contact.max,
      fields: { inquiryType: "general", subject: "", message: "Hello again, one more question about the studio." },
    },
    {
      form: "commission",
      ip: "198.51.100.42",
      action: commissionsAction,
      max: RATE_LIMITS.commission.max,
      fields: { budget: "2000-5000", description: "A quiet harbour at dusk, in greys and blues, for a dining room." },
    },
  ];

  it.each(forms)(
    "a sender past the limit of the $form form is refused with a 429 that says when to try again",
    async (c) => {
      const answers = [];
      for (let i = 0; i <= c.max; i++) {
        const form = formOf({
          name: "Eager Sender",
          email: "eager@example.com",
          submissionKey: newSubmissionKey(),
          ...c.fields,
        });
        answers.push(await callRoute(c.action, `/${c.form}`, { form, ip: c.ip }));
      }
      expect(answers.map((a) => a.status)).toEqual([...Array<number>(c.max).fill(200), 429]);
      expect(answers.slice(0, c.max).map((a) => a.retryAfter)).toEqual(Array(c.max).fill(null));
      expect(Number(answers[c.max]!.retryAfter)).toBeGreaterThan(0);
    },
  );
});
