// Settings › Mail: send a test e-mail to any address (the admin's own by default) and see at once whether the
// shop's mail is on; the message then shows in the Outbox (docs/admin.md "Outbox").
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import type { ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";

export function TestMailPanel({ defaultTo, mailOn }: { defaultTo: string; mailOn: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data;
  return (
    <Panel title="Mail" className="mt-5 p-4 md:p-6">
      <p className="text-muted mt-1 mb-4 max-w-prose text-sm">
        {mailOn
          ? "The shop sends mail through the server set in SMTP_URL."
          : "Mail is not being sent: SMTP_URL is not set, so messages are kept in the outbox."}{" "}
        <a href={adminPaths.outbox()} className="underline underline-offset-4">
          Open the outbox
        </a>
      </p>
      <fetcher.Form method="post" action={adminPaths.outbox()} className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto]">
        <input type="hidden" name="intent" value="test" />
        <TextField
          name="to"
          type="email"
          label="Send a test email to"
          defaultValue={defaultTo}
          required
          error={result && !result.ok ? result.error : undefined}
        />
        <Button type="submit" variant="secondary" size="sm" className="sm:mt-5" disabled={fetcher.state !== "idle"}>
          Send a test e-mail
        </Button>
      </fetcher.Form>
      <p role="status" className="text-available mt-2 text-sm">
        {result?.ok ? result.message : ""}
      </p>
    </Panel>
  );
}
