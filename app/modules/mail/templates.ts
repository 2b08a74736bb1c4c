// Mail templates: every message in HTML and plain text, signed with the artist's name from settings.
import { adminPaths } from "~/lib/admin-paths";
import { absoluteUrl } from "~/lib/seo";

export interface Brand {
  artistName: string;
  siteTitle: string;
  publicUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface Layout {
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows after the paragraphs (an order's items and totals); a bold row sums up. */
  rows?: { label: string; value: string; bold?: boolean }[];
  /** Paragraphs after the rows. */
  after?: string[];
  action?: { label: string; url: string };
  footnote?: string;
  /** A body already rendered from Markdown and sanitized (a newsletter issue), with its plain-text twin. */
  body?: { html: string; text: string };
  /** The one-click way out of a mailing list, in the footer of every newsletter. */
  unsubscribeUrl?: string;
}

function table(rows: NonNullable<Layout["rows"]>): string {
  const cell = "padding:8px 0;font-size:15px;line-height:1.5;color:#3b3731;border-top:1px solid #e2ddd4";
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px">${rows
    .map(
      (r) =>
        `<tr><td style="${cell}${r.bold ? ";font-weight:bold;color:#1d1b18" : ""}">${escapeHtml(r.label)}</td><td align="right" style="${cell}${r.bold ? ";font-weight:bold;color:#1d1b18" : ""}">${escapeHtml(r.value)}</td></tr>`,
    )
    .join("")}</table>`;
}

/** An order as mail rows: each work, then shipping, tax and the total (amounts already formatted). */
export interface OrderMailSummary {
  number: string;
  name: string;
  items: { title: string; quantity: number; amount: string }[];
  subtotal: string;
  shippingLabel: string;
  shipping: string;
  tax?: { label: string; amount: string };
  total: string;
}

const orderRows = (o: OrderMailSummary): NonNullable<Layout["rows"]> => [
  ...o.items.map((i) => ({ label: i.quantity > 1 ? `${i.title} × ${i.quantity}` : i.title, value: i.amount })),
  { label: "Subtotal", value: o.subtotal },
  { label: o.shippingLabel, value: o.shipping },
  ...(o.tax ? [{ label: o.tax.label, value: o.tax.amount }] : []),
  { label: "Total", value: o.total, bold: true },
];

/** One calm layout for every message: heading, paragraphs, an optional button (and its link as text). */
function render(brand: Brand, subject: string, layout: Layout): RenderedMail {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#3b3731">${escapeHtml(t)}</p>`;
  const button = layout.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;background:#1d1b18;color:#faf8f4;text-decoration:none;padding:14px 26px;border-radius:999px;font-size:15px">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#6e675d">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(layout.action.url)}" style="color:#8c3f22;word-break:break-all">${escapeHtml(layout.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#faf8f4;font-family:Georgia,'Times New Roman',serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#faf8f4"><tr><td align="center" style="padding:40px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e2ddd4">
<tr><td style="padding:36px 36px 8px;font-size:20px;color:#1d1b18">${escapeHtml(brand.siteTitle)}</td></tr>
<tr><td style="padding:16px 36px 36px;font-family:Helvetica,Arial,sans-serif">
<h1 style="margin:0 0 20px;font-family:Georgia,serif;font-weight:normal;font-size:26px;color:#1d1b18">${escapeHtml(layout.heading)}</h1>
${layout.paragraphs.map(p).join("\n")}
${layout.body ? `<div style="font-size:16px;line-height:1.6;color:#3b3731">${layout.body.html}</div>` : ""}
${layout.rows ? table(layout.rows) : ""}
${(layout.after ?? []).map(p).join("\n")}
${button}
${layout.footnote ? `<p style="margin:24px 0 0;font-size:13px;line-height:1.6;color:#6e675d">${escapeHtml(layout.footnote)}</p>` : ""}
</td></tr></table>
<p style="font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#6e675d;margin:20px 0 0">${escapeHtml(brand.artistName)} · <a href="${escapeHtml(brand.publicUrl)}" style="color:#6e675d">${escapeHtml(brand.publicUrl.replace(/^https?:\/\//, ""))}</a></p>
${layout.unsubscribeUrl ? `<p style="font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#6e675d;margin:8px 0 0"><a href="${escapeHtml(layout.unsubscribeUrl)}" style="color:#6e675d">Unsubscribe</a> from these e-mails.</p>` : ""}
</td></tr></table></body></html>`;
  const text = [
    layout.heading,
    "",
    ...layout.paragraphs.flatMap((t) => [t, ""]),
    ...(layout.body ? [layout.body.text, ""] : []),
    ...(layout.rows ? [...layout.rows.map((r) => `${r.label}: ${r.value}`), ""] : []),
    ...(layout.after ?? []).flatMap((t) => [t, ""]),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ""] : []),
    ...(layout.footnote ? [layout.footnote, ""] : []),
    "—",
    `${brand.artistName} · ${brand.publicUrl}`,
    ...(layout.unsubscribeUrl ? [`Unsubscribe: ${layout.unsubscribeUrl}`] : []),
  ].join("\n");
  return { subject, html, text };
}

export const mailTemplates = {
  // The commission's private page: stage, quote and payments, no sign-in (docs/admin.md "Commission Pipeline").
  "commission-client-link": (brand: Brand, data: { name: string; url: string }) =>
    render(brand, `Your commission with ${brand.artistName}`, {
      preheader: "Where your commission stands, at one link.",
      heading: "Your commission",
      paragraphs: [
        `Dear ${data.name}, this link shows where your commission stands: its stage, the quote and what has been paid.`,
        "Keep it to yourself: anyone with the link can see the page.",
      ],
      action: { label: "See your commission", url: data.url },
    }),
  // Double opt-in: nothing is sent to an address until its owner confirms (docs/inquiries.md "Newsletter").
  "newsletter-confirm": (brand: Brand, data: { confirmUrl: string; days: number }) =>
    render(brand, `Confirm your subscription to ${brand.siteTitle}`, {
      preheader: "One click, and new work comes to your inbox.",
      heading: "Please confirm your subscription",
      paragraphs: [
        `Someone, probably you, asked to receive news of new work from ${brand.artistName} at this address.`,
        `Confirm with the button below within ${data.days} days. Until then, nothing more is sent to you.`,
      ],
      action: { label: "Confirm my subscription", url: data.confirmUrl },
      footnote: "If you did not ask for this, ignore this e-mail: you will not be subscribed.",
    }),
  "newsletter-issue": (brand: Brand, data: { subject: string; html: string; text: string; unsubscribeUrl: string }) =>
    render(brand, data.subject, {
      preheader: data.text.slice(0, 140),
      heading: data.subject,
      paragraphs: [],
      body: { html: data.html, text: data.text },
      footnote: `You receive this because you subscribed to news from ${brand.artistName}.`,
      unsubscribeUrl: data.unsubscribeUrl,
    }),
  // Holds (docs/shop.md "Holds"): the buyer's copy of the request, the approval with its link, a decline.
  "hold-requested": (brand: Brand, data: { name: string; title: string }) =>
    render(brand, `Your hold request for “${data.title}”`, {
      preheader: `${brand.artistName} will answer soon.`,
      heading: "We have your request",
      paragraphs: [
        `Thank you, ${data.name}. You asked ${brand.artistName} to hold “${data.title}” for you.`,
        "Until the request is approved the work stays for sale. You will get an e-mail either way; if it is approved, that e-mail carries your link to buy the work.",
      ],
    }),
  "hold-approved": (brand: Brand, data: { name: string; title: string; until: string; checkoutUrl: string }) =>
    render(brand, `“${data.title}” is on hold for you`, {
      preheader: `Kept for you until ${data.until}.`,
      heading: "The work is on hold for you",
      paragraphs: [
        `Good news, ${data.name}: ${brand.artistName} is holding “${data.title}” for you until ${data.until}. Nobody else can buy it until then.`,
        "When you are ready, the button below takes you to the checkout with the work. After that time the hold ends and the work is offered again.",
      ],
      action: { label: "Complete your purchase", url: data.checkoutUrl },
      footnote: "This link is yours: anyone holding it can buy the work while it is on hold.",
    }),
  "hold-declined": (brand: Brand, data: { name: string; title: string }) =>
    render(brand, `About your hold request for “${data.title}”`, {
      preheader: "The work could not be held.",
      heading: "The work could not be held",
      paragraphs: [
        `Thank you for your interest, ${data.name}. ${brand.artistName} cannot hold “${data.title}” at the moment.`,
        "If it is still for sale, you can buy it on the website, or reply to this e-mail with any question.",
      ],
    }),
  // Notify me (docs/shop.md "Notify me"): the double opt-in and the news itself, with its unsubscribe link.
  "alert-confirm": (brand: Brand, data: { confirmUrl: string; title: string | null; days: number }) =>
    render(brand, `Confirm: ${data.title ? `news of “${data.title}”` : "news of new works"}`, {
      preheader: "One click, and you will hear first.",
      heading: "Please confirm",
      paragraphs: [
        data.title
          ? `Someone, probably you, asked to be told at this address when “${data.title}” by ${brand.artistName} becomes available.`
          : `Someone, probably you, asked to be told at this address when ${brand.artistName} publishes a new work.`,
        `Confirm with the button below within ${data.days} days. Until then, nothing more is sent to you.`,
      ],
      action: { label: "Confirm", url: data.confirmUrl },
      footnote: "If you did not ask for this, ignore this e-mail: nothing more will be sent.",
    }),
  "work-alert": (
    brand: Brand,
    data: { kind: "new-work" | "available"; title: string; url: string; unsubscribeUrl: string },
  ) =>
    render(brand, data.kind === "new-work" ? `New work: “${data.title}”` : `“${data.title}” is available again`, {
      preheader: data.kind === "new-work" ? `A new work by ${brand.artistName}.` : "You asked to be told.",
      heading: data.kind === "new-work" ? "A new work" : "Available again",
      paragraphs: [
        data.kind === "new-work"
          ? `${brand.artistName} has just published “${data.title}”.`
          : `“${data.title}” by ${brand.artistName} is for sale again. Originals are one of a kind: the first buyer gets it.`,
      ],
      action: { label: "See the work", url: data.url },
      footnote: `You receive this because you asked to be told about ${data.kind === "new-work" ? "new works" : "this work"}.`,
      unsubscribeUrl: data.unsubscribeUrl,
    }),
  // Settings › "Send a test e-mail": proof that mail leaves the shop and arrives.
  test: (brand: Brand, _data: Record<string, never>) =>
    render(brand, `Test e-mail from ${brand.siteTitle}`, {
      preheader: "Mail from your shop reaches you.",
      heading: "Mail is working",
      paragraphs: [
        "This is the test e-mail you asked for in Settings.",
        "If you can read it, the messages your shop sends (orders, replies, sign-in links) reach their readers.",
      ],
      action: { label: "Open the outbox", url: absoluteUrl(brand.publicUrl, adminPaths.outbox()) },
    }),
  "new-inquiry": (brand: Brand, data: { from: string; email: string; subject: string; body: string; kind: string }) =>
    render(brand, `New message: ${data.subject}`, {
      preheader: `${data.from} wrote through the website.`,
      heading: data.subject,
      paragraphs: [`${data.kind} from ${data.from} <${data.email}>:`, ...data.body.split(/\n{2,}/)],
      action: { label: "Open messages", url: absoluteUrl(brand.publicUrl, adminPaths.messages()) },
      footnote: `Reply to ${data.email} to answer.`,
    }),
  // Acknowledgements repeat nothing the sender typed: a form that mails any address must not carry a
  // stranger's words to a stranger (docs/security.md "Mail to strangers").
  "inquiry-received": (brand: Brand, _data: Record<string, never>) =>
    render(brand, `We received your message to ${brand.artistName}`, {
      preheader: "Thank you for getting in touch.",
      heading: "Thank you for your message",
      paragraphs: [
        `Thank you for writing to ${brand.artistName}.`,
        `${brand.artistName} reads every message personally and usually answers within two working days.`,
      ],
      footnote:
        "You receive this e-mail because this address was entered in the contact form. If it was not you, there is nothing to do: no account was made and nothing more will be sent.",
    }),
  "new-commission": (brand: Brand, data: { from: string; email: string; description: string; facts: string[] }) =>
    render(brand, `New commission request from ${data.from}`, {
      preheader: data.facts.join(" · "),
      heading: "A new commission request",
      paragraphs: [`${data.from} <${data.email}> would like a commissioned painting.`, ...data.facts, data.description],
      action: { label: "Open the commission pipeline", url: absoluteUrl(brand.publicUrl, adminPaths.commissions()) },
    }),
  "commission-received": (brand: Brand, _data: Record<string, never>) =>
    render(brand, `Your commission request to ${brand.artistName}`, {
      preheader: "Thank you: the conversation starts here.",
      heading: "Thank you for your commission request",
      paragraphs: [
        `Thank you for thinking of ${brand.artistName} for a commissioned painting.`,
        "You will receive a personal answer within a week, usually with a few questions about the space, the light and the feeling you would like the work to hold.",
      ],
      footnote:
        "You receive this e-mail because this address was entered in the commission form. If it was not you, there is nothing to do: nothing more will be sent.",
    }),
  "magic-link": (brand: Brand, data: { url: string; minutes: number }) =>
    render(brand, `Your sign-in link for ${brand.siteTitle}`, {
      preheader: "Sign in with one click.",
      heading: "Sign in",
      paragraphs: [
        `Use the button below to sign in to ${brand.siteTitle}. The link works once and expires in ${data.minutes} minutes.`,
      ],
      action: { label: "Sign in", url: data.url },
      footnote: "If you did not ask to sign in, you can ignore this message.",
    }),
  "password-reset": (brand: Brand, data: { url: string; minutes: number }) =>
    render(brand, `Reset your password for ${brand.siteTitle}`, {
      preheader: "Choose a new password.",
      heading: "Reset your password",
      paragraphs: [
        `Someone (we hope you) asked to reset the password of your account at ${brand.siteTitle}. The link expires in ${data.minutes} minutes.`,
      ],
      action: { label: "Choose a new password", url: data.url },
      footnote: "If you did not ask for this, ignore this message: your password stays as it is.",
    }),
  "email-verification": (brand: Brand, data: { url: string; change?: boolean }) =>
    render(brand, `Confirm your e-mail address for ${brand.siteTitle}`, {
      preheader: "One click to confirm your address.",
      heading: "Confirm your e-mail address",
      paragraphs: [
        data.change
          ? `You asked to use this address for your account at ${brand.siteTitle}. Please confirm that it is yours: the change takes effect when you do.`
          : `Thank you for creating an account at ${brand.siteTitle}. Please confirm that this address is yours.`,
      ],
      action: { label: "Confirm my address", url: data.url },
      footnote: data.change
        ? "If you did not ask for this, you can ignore this message: nothing changes."
        : "If you did not create an account, you can ignore this message.",
    }),
  "account-exists": (brand: Brand, data: { url: string }) =>
    render(brand, `You already have an account at ${brand.siteTitle}`, {
      preheader: "Sign in instead.",
      heading: "You already have an account",
      paragraphs: [
        `Someone (we hope you) tried to create an account at ${brand.siteTitle} with this e-mail address, which already has one.`,
        "Sign in with your password or an e-mailed link. If you have forgotten your password, you can choose a new one.",
      ],
      action: { label: "Choose a new password", url: data.url },
      footnote: "If this was not you, you can ignore this message: your account is unchanged.",
    }),
  "sign-in-alert": (brand: Brand, data: { when: string; device: string; ip: string }) =>
    render(brand, `New sign-in to your ${brand.siteTitle} account`, {
      preheader: "Was this you?",
      heading: "A new sign-in to your account",
      paragraphs: [
        `Your account was just signed in to on ${data.when}, from ${data.device} (IP address ${data.ip}).`,
        "If this was you, there is nothing to do.",
      ],
      action: { label: "Review my account", url: `${brand.publicUrl}/account` },
      footnote: "If this was not you, change your password right away and turn on two-factor authentication.",
    }),
  /** To the buyer when an order is placed to be paid by bank transfer: what to pay, how, and until when. */
  "order-placed": (
    brand: Brand,
    data: OrderMailSummary & { instructions: string; reservedUntil: string; trackUrl: string },
  ) =>
    render(brand, `Your order ${data.number} at ${brand.siteTitle}`, {
      preheader: `Order ${data.number}: awaiting payment.`,
      heading: "Thank you for your order",
      paragraphs: [
        `Dear ${data.name}, we have your order ${data.number}. The works below are reserved for you until ${data.reservedUntil}.`,
      ],
      rows: orderRows(data),
      after: [data.instructions, `Please quote ${data.number} with your payment.`],
      action: { label: "Track your order", url: data.trackUrl },
      footnote: "Reply to this message with any question about your order.",
    }),
  /** To the buyer once the payment is in (marked by the artist, or reported by the card processor). */
  "order-paid": (
    brand: Brand,
    data: OrderMailSummary & { pickup: boolean; trackUrl: string; certificates?: string[] },
  ) =>
    render(brand, `Payment received for order ${data.number}`, {
      preheader: `Order ${data.number} is paid.`,
      heading: "Payment received",
      paragraphs: [
        `Dear ${data.name}, thank you: your payment for order ${data.number} has arrived.`,
        data.pickup
          ? "We will e-mail you to arrange a time to collect your painting from the studio."
          : "Your painting is now being packed with care. We will e-mail you the tracking number as soon as it ships.",
        ...(data.certificates?.length
          ? [
              data.certificates.length === 1
                ? `Your certificate of authenticity (${data.certificates[0]}) is attached. Its QR code leads to a page that confirms it at any time.`
                : `Your certificates of authenticity (${data.certificates.join(", ")}) are attached. Their QR codes lead to pages that confirm them at any time.`,
            ]
          : []),
      ],
      rows: orderRows(data),
      action: { label: "Track your order", url: data.trackUrl },
    }),
  /** To the buyer when the parcel leaves the studio. */
  "order-shipped": (
    brand: Brand,
    data: {
      number: string;
      name: string;
      carrier: string;
      trackingNumber: string;
      trackingUrl?: string;
      trackUrl: string;
    },
  ) =>
    render(brand, `Order ${data.number} has shipped`, {
      preheader: `${data.carrier} ${data.trackingNumber}`,
      heading: "Your painting is on its way",
      paragraphs: [
        `Dear ${data.name}, order ${data.number} left the studio today with ${data.carrier}.`,
        `Tracking number: ${data.trackingNumber}`,
      ],
      action: { label: "Follow the parcel", url: data.trackingUrl ?? data.trackUrl },
      footnote: "Please keep the packaging until you have looked the painting over.",
    }),
  /** To the artist (settings contactEmail) for every new order. */
  "order-new": (
    brand: Brand,
    data: OrderMailSummary & { email: string; phone: string; delivery: string; payment: string; adminUrl: string },
  ) =>
    render(brand, `New order ${data.number} from ${data.name}`, {
      preheader: `${data.total}, ${data.payment}`,
      heading: `New order ${data.number}`,
      paragraphs: [
        `${data.name} <${data.email}>${data.phone ? `, ${data.phone}` : ""}`,
        `Delivery: ${data.delivery}`,
        `Payment: ${data.payment}`,
      ],
      rows: orderRows(data),
      action: { label: "Open the order", url: data.adminUrl },
    }),
  /** To the buyer: an invoice (its PDF attached), with its lines and what is due when. */
  invoice: (
    brand: Brand,
    data: {
      number: string;
      name: string;
      lines: { label: string; amount: string }[];
      total: string;
      dueDate: string;
      paid: boolean;
      notes: string;
      contactEmail: string;
    },
  ) =>
    render(brand, `Invoice ${data.number} from ${brand.artistName}`, {
      preheader: `${data.total}, ${data.paid ? "paid" : `due ${data.dueDate}`}`,
      heading: `Invoice ${data.number}`,
      paragraphs: [
        `Dear ${data.name}, please find invoice ${data.number} attached as a PDF.`,
        data.paid ? "It has been paid in full: thank you." : `The amount of ${data.total} is due by ${data.dueDate}.`,
      ],
      rows: [
        ...data.lines.map((l) => ({ label: l.label, value: l.amount })),
        { label: "Total", value: data.total, bold: true },
      ],
      after: data.notes ? data.notes.split(/\n{2,}/) : [],
      footnote: `Questions about this invoice: ${data.contactEmail}.`,
    }),
} as const;

export type MailTemplate = keyof typeof mailTemplates;
export type MailData<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]>[1];
