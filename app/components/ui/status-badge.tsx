// A state shown as a small pill: an order's, an invoice's, a work's availability, a message's. The domain
// decides the words and the tone (`ORDER_TONES` beside the order badge); this draws them alike everywhere.
import type { ReactNode } from "react";

export type Tone = "neutral" | "muted" | "accent" | "success" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  neutral: "bg-ink/[0.06] text-ink-soft",
  muted: "bg-paper-deep text-muted",
  accent: "bg-accent-soft text-accent",
  success: "bg-available/10 text-available",
  warning: "bg-amber-100 text-amber-900",
  danger: "bg-sold/10 text-sold",
};

export function StatusBadge({
  tone,
  struck = false,
  children,
}: {
  tone: Tone;
  /** Drawn struck through (a void invoice). */
  struck?: boolean;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}${struck ? " line-through" : ""}`}
    >
      {children}
    </span>
  );
}
