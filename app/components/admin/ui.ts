// The back office's control styles, in one place: dense, quiet, legible.
const buttonBase =
  "inline-flex h-9 items-center justify-center gap-1.5 rounded-md px-3 text-sm whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50";

export const adminButton = {
  primary: `${buttonBase} bg-ink text-paper hover:bg-ink-soft`,
  secondary: `${buttonBase} border border-line bg-white text-ink hover:border-ink/40`,
  ghost: `${buttonBase} text-ink-soft hover:bg-ink/[0.06] hover:text-ink`,
  danger: `${buttonBase} bg-destructive text-white hover:bg-destructive/90`,
  dangerOutline: `${buttonBase} border border-destructive/40 bg-white text-destructive hover:bg-destructive/5`,
  icon: "inline-flex size-8 items-center justify-center rounded-md text-ink-soft hover:bg-ink/[0.06] hover:text-ink disabled:opacity-50",
} as const;

export const adminInput =
  "block h-9 w-full rounded-md border border-line bg-white px-2.5 text-sm text-ink placeholder:text-muted/70 focus:border-ink/50 focus:outline-none focus-visible:outline-2 focus-visible:outline-accent aria-[invalid=true]:border-destructive";

export const adminTextarea =
  "block w-full rounded-md border border-line bg-white px-2.5 py-2 text-sm text-ink placeholder:text-muted/70 focus:border-ink/50 focus:outline-none aria-[invalid=true]:border-destructive";

export const adminLabel = "mb-1 block text-xs font-medium text-ink-soft";

export const adminCard = "rounded-lg border border-line bg-white";
