// The page a double opt-in mail's link opens (app/modules/mail/mail-link.server.ts): a question with one
// button, then what is now true with a way back into the site; a confirmation link that changes nothing says why
// and how to sign up again.
import { Form, Link, useNavigation } from "react-router";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { CONFIRM_LINK_DAYS, type SpentLink } from "~/lib/opt-in";
import { paths } from "~/lib/paths";

export interface MailLinkTexts {
  /** Before the press: the question and the button. */
  ask: { title: string; lead: string; button: string };
  /** After it (or when it was already done): what is true now, and the link back to the gallery. */
  done: { title: string; lead: string; back: string };
}

export function MailLinkPage({ eyebrow, done, texts }: { eyebrow: string; done: boolean; texts: MailLinkTexts }) {
  const busy = useNavigation().state !== "idle";
  return done ? (
    <PageIntro eyebrow={eyebrow} title={texts.done.title} lead={texts.done.lead}>
      <Link to={paths.gallery()} className={buttonClass("secondary")}>
        {texts.done.back}
      </Link>
    </PageIntro>
  ) : (
    <PageIntro eyebrow={eyebrow} title={texts.ask.title} lead={texts.ask.lead}>
      <Form method="post">
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {texts.ask.button}
        </button>
      </Form>
    </PageIntro>
  );
}

/** How to sign up again, from a confirmation link that changes nothing. */
export interface SignUpAgain {
  /** The sentence after "Nothing has changed:", e.g. "to subscribe, sign up again …". */
  how: string;
  to: string;
  label: string;
}

/**
 * A confirmation link that changes nothing (lib/opt-in.ts): used (the address is subscribed), expired, or sent
 * before a later change such as an unsubscribe. Names no address: whoever holds an old link learns nothing.
 */
export function SpentLinkPage({ eyebrow, spent, again }: { eyebrow: string; spent: SpentLink; again: SignUpAgain }) {
  if (spent === "used")
    return (
      <PageIntro
        eyebrow={eyebrow}
        title="Already confirmed"
        lead="This link has been used: the subscription it was sent for is confirmed. Every e-mail has a link to unsubscribe."
      >
        <Link to={paths.gallery()} className={buttonClass("secondary")}>
          See the gallery
        </Link>
      </PageIntro>
    );
  return (
    <PageIntro
      eyebrow={eyebrow}
      title={SPENT_TITLES[spent]}
      lead={`${
        spent === "expired"
          ? `Confirmation links work for ${CONFIRM_LINK_DAYS} days, and this one is older.`
          : "It was sent before a later change to this subscription, such as unsubscribing."
      } Nothing has changed: ${again.how}`}
    >
      <Link to={again.to} className={buttonClass("primary")}>
        {again.label}
      </Link>
    </PageIntro>
  );
}

const SPENT_TITLES: Record<SpentLink, string> = {
  used: "Already confirmed",
  expired: "This link has expired",
  stale: "This link is no longer valid",
};

/** A mail link page's title: "Unsubscribe", why a spent confirm link changes nothing, or the confirm page's own. */
export function mailLinkTitle(
  link: { kind: string; state?: SpentLink | "open" } | undefined,
  confirmTitle: string,
): string {
  if (link?.kind === "unsubscribe") return "Unsubscribe";
  return link?.state && link.state !== "open" ? SPENT_TITLES[link.state] : confirmTitle;
}
