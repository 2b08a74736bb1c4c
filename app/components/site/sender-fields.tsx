// The sender of a message or request (contact, commissions): name and e-mail side by side, after a honeypot
// field that people never see and bots fill in (the server then drops the submission quietly).
import { TextField } from "~/components/ui/field";

export function SenderFields({
  values,
  errors,
}: {
  values: { name?: string; email?: string };
  errors: { name?: string; email?: string };
}) {
  return (
    <>
      <div className="hidden" aria-hidden="true">
        <label>
          Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
      </div>
    </>
  );
}
