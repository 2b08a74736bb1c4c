// An on/off switch (role="switch"): a button whose state is read aloud as on or off. Its label is its
// accessible name and is shown beside it. What a change does (a fetcher's submit) is the caller's.
import type { ReactNode } from "react";

export function Switch({
  label,
  checked,
  onChange,
  describedBy,
  disabled,
  after,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string;
  disabled?: boolean;
  /** Shown after the label (a "Saved" note). */
  after?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full border transition-colors disabled:opacity-50 ${
          checked ? "bg-ink border-ink" : "border-line bg-paper-deep"
        }`}
      >
        <span
          aria-hidden
          className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-1"}`}
        />
      </button>
      <span className="text-sm" aria-hidden>
        {label}
      </span>
      {after}
    </div>
  );
}
