// "Ask to hold this work" (docs/shop.md "Holds"): a closed disclosure under the price, so the page stays calm.
// It posts to /artwork/:id/hold, never to the cached artwork page; without JavaScript that route shows the answer.
import { useFetcher } from "react-router";
import { TextAreaField, TextField } from "~/components/ui/field";
import { formState, type ActionResult } from "~/lib/action-result";
import { paths } from "~/lib/paths";
import { buttonClass } from "~/components/ui/button";

export function HoldRequestForm({ artworkId, holdHours }: { artworkId: string; holdHours: number }) {
  const fetcher = useFetcher<ActionResult<{ message: string }>>();
  const result = fetcher.data;
  const failed = result && !result.ok ? result : undefined;
  return (
    <details className="border-line group mt-8 border-t pt-5" open={failed ? true : undefined}>
      <summary className="hover:text-ink text-ink-soft cursor-pointer text-sm underline-offset-4 hover:underline">
        Ask to hold this work
      </summary>
      {result?.ok ? (
        <p role="status" className="text-available mt-4 text-sm leading-relaxed">
          {result.message}
        </p>
      ) : (
        <fetcher.Form method="post" action={paths.holdRequest(artworkId)} className="mt-4 space-y-4" noValidate>
          <p className="text-muted text-sm leading-relaxed">
            Need a little time? Ask the artist to keep it for you for {holdHours} hours. Until the request is approved
            the work stays for sale; you will hear back by e-mail.
          </p>
          <HoldRequestFields result={result} busy={fetcher.state !== "idle"} />
        </fetcher.Form>
      )}
    </details>
  );
}

/**
 * The request's fields, what was typed and each field's error, the form's own error and its button: in the
 * disclosure above, and on /artwork/:id/hold when a browser without JavaScript was refused.
 */
export function HoldRequestFields({ result, busy }: { result: ActionResult | undefined; busy: boolean }) {
  const { field } = formState(result);
  const failed = result && !result.ok ? result : undefined;
  return (
    <>
      <TextField {...field("name")} label="Your name" autoComplete="name" required />
      <TextField {...field("email")} type="email" label="Email" autoComplete="email" inputMode="email" required />
      <TextAreaField {...field("note")} label="A note for the artist" optional rows={3} />
      {failed && !failed.fieldErrors ? (
        <p role="alert" className="text-destructive text-sm">
          {failed.error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
        Ask to hold
      </button>
    </>
  );
}
