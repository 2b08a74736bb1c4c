// Mail templates: every message in HTML and plain text, signed with the artist's name from settings.

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
  action?: { label: string; url: string };
  footnote?: string;
}

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
${button}
${layout.footnote ? `<p style="margin:24px 0 0;font-size:13px;line-height:1.6;color:#6e675d">${escapeHtml(layout.footnote)}</p>` : ""}
</td></tr></table>
<p style="font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#6e675d;margin:20px 0 0">${escapeHtml(brand.artistName)} · <a href="${escapeHtml(brand.publicUrl)}" style="color:#6e675d">${escapeHtml(brand.publicUrl.replace(/^https?:\/\//, ""))}</a></p>
</td></tr></table></body></html>`;
  const text = [
    layout.heading,
    "",
    ...layout.paragraphs.flatMap((t) => [t, ""]),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ""] : []),
    ...(layout.footnote ? [layout.footnote, ""] : []),
    "—",
    `${brand.artistName} · ${brand.publicUrl}`,
  ].join("\n");
  return { subject, html, text };
}

export const mailTemplates = {
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
  "email-verification": (brand: Brand, data: { url: string }) =>
    render(brand, `Confirm your e-mail address for ${brand.siteTitle}`, {
      preheader: "One click to confirm your address.",
      heading: "Confirm your e-mail address",
      paragraphs: [
        `Thank you for creating an account at ${brand.siteTitle}. Please confirm that this address is yours.`,
      ],
      action: { label: "Confirm my address", url: data.url },
      footnote: "If you did not create an account, you can ignore this message.",
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
} as const;

export type MailTemplate = keyof typeof mailTemplates;
export type MailData<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]>[1];
