// The page a double opt-in mail's link opens (app/modules/mail/mail-link.server.ts): a question with one
// button, then what is now true with a way back into the site.
import { Form, Link, useNavigation } from "react-router";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
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
