// Buttons, and links that look like buttons, in one place. Two sizes: "md" for the public site (a generous
// pill: the calls to action of a gallery) and "sm" for the back office (dense, square-cornered), plus "icon".
import type { ButtonHTMLAttributes, ReactNode } from "react";

export type ButtonVariant =
  | "primary"
  | "secondary"
  | "ghost"
  | "danger"
  | "dangerOutline"
  /** Paper on a dark image. */
  | "light"
  /** Outlined on a dark image. */
  | "lightOutline"
  /** A control that cannot be used (a sold work's inquiry). */
  | "inactive";
export type ButtonSize = "md" | "sm" | "icon";

const SIZES: Record<ButtonSize, string> = {
  md: "min-h-11 gap-2 rounded-full px-6 py-3 text-sm tracking-wide",
  sm: "h-9 gap-1.5 rounded-md px-3 text-sm whitespace-nowrap",
  icon: "size-8 rounded-md",
};

// A variant is one look, or a look per size where the site and the back office differ (paper vs white cards).
const VARIANTS: Record<ButtonVariant, string | (Partial<Record<ButtonSize, string>> & { md: string })> = {
  primary: "bg-ink text-paper hover:bg-ink-soft",
  secondary: {
    md: "border border-ink/25 text-ink hover:border-ink hover:bg-ink/[0.03]",
    sm: "border border-line bg-white text-ink hover:border-ink/40",
  },
  ghost: {
    md: "text-ink-soft hover:bg-ink/[0.06] hover:text-ink",
    icon: "text-ink-soft hover:bg-ink/[0.06] hover:text-ink",
  },
  danger: "bg-destructive text-white hover:bg-destructive/90",
  dangerOutline: {
    md: "border border-destructive/40 text-destructive hover:border-destructive",
    sm: "border border-destructive/40 bg-white text-destructive hover:bg-destructive/5",
  },
  light: "bg-paper text-ink hover:bg-white",
  lightOutline: "border border-white/70 text-white hover:bg-white/10",
  inactive: "border border-line bg-paper-deep text-muted",
};

/** The classes of a button (or of a link shown as one): `<Link className={buttonClass("secondary", "sm")}>`. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string): string {
  const look = VARIANTS[variant];
  const tone = typeof look === "string" ? look : (look[size] ?? look.md);
  return [
    "inline-flex items-center justify-center transition-colors disabled:cursor-not-allowed disabled:opacity-50",
    SIZES[size],
    tone,
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * A button: submit by default, as in HTML (`type="button"` for one that only runs a handler). `busy` shows
 * `busyLabel` (when given) and disables it while its form is on its way. An icon button has no text: give it
 * an `aria-label`.
 */
export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  busyLabel,
  className,
  disabled,
  children,
  ...button
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  busy?: boolean;
  busyLabel?: ReactNode;
  className?: string;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button disabled={disabled || busy} className={buttonClass(variant, size, className)} {...button}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
