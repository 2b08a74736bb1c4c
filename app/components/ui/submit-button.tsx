// A form's main button that says it is busy while its own submission is on its way (a page with several
// forms tells them apart by `intent`, the value the button posts as `name`).
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

export function SubmitButton({
  intent,
  name = "intent",
  busyLabel,
  variant = "primary",
  size = "md",
  className,
  disabled,
  children,
}: {
  /** Posted as `name` (default "intent"); also how this form's submission is recognised. */
  intent?: string;
  name?: string;
  busyLabel?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get(name) === intent);
  return (
    <Button
      type="submit"
      name={intent === undefined ? undefined : name}
      value={intent}
      busy={busy}
      busyLabel={busyLabel}
      variant={variant}
      size={size}
      className={className}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}
