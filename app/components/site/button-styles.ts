// The site's button-like links, in one place so every page's calls to action look alike.
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-3 text-sm tracking-wide transition-colors disabled:cursor-not-allowed";

export const buttonStyles = {
  /** Ink on paper: the main action of a block. */
  primary: `${base} bg-ink text-paper hover:bg-ink-soft`,
  /** Outlined: the second action beside a primary one. */
  secondary: `${base} border border-ink/25 text-ink hover:border-ink hover:bg-ink/[0.03]`,
  /** Paper on a dark image. */
  light: `${base} bg-paper text-ink hover:bg-white`,
  /** Outlined on a dark image. */
  lightOutline: `${base} border border-white/70 text-white hover:bg-white/10`,
  /** A control that cannot be used (e.g. a sold work's inquiry). */
  inactive: `${base} border border-line bg-paper-deep text-muted`,
} as const;
