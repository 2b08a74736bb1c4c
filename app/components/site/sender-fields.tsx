// The sender of a message or request (contact, commissions): name and e-mail side by side, after a honeypot
// field that people never see and bots fill in (the server then drops the submission quietly).
import { TextField } from "~/components/ui/field";
import type { FieldBind } from "~/lib/action-result";

/** `field` binds the form's fields to its action's answer (formState). */
export function SenderFields({ field }: { field: FieldBind }) {
  return (
    <>
      <div className="hidden" aria-hidden="true">
        <label>
          Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField label="Name" {...field("name")} autoComplete="name" required />
        <TextField label="Email" {...field("email")} type="email" autoComplete="email" required />
      </div>
    </>
  );
}
