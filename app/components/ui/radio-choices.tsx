// A set of radio buttons under one legend: the options come as a list, each a labelled native radio (the
// browser's arrow keys and the screen reader's "1 of 3" come with it). Controlled (`value` + `onChange`)
// or left to the form (`defaultValue`). The fieldset's layout is the caller's (`className`); the server's error, when
// there is one, stands under the choices.
import type { ReactNode } from "react";

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A line under the label. */
  hint?: string;
}

export function RadioChoices<V extends string>({
  name,
  legend,
  legendClassName = "text-muted mb-2 text-xs tracking-wide uppercase",
  options,
  value,
  defaultValue,
  onChange,
  className,
  optionClassName = "flex items-center gap-2",
  error,
}: {
  name: string;
  legend: string;
  /** The legend's look; "sr-only" when something else on screen names the group. */
  legendClassName?: string;
  options: readonly RadioOption<V>[];
  value?: V;
  defaultValue?: V;
  onChange?: (value: V) => void;
  className: string;
  optionClassName?: string;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={optionClassName}>
          <input
            type="radio"
            name={name}
            value={option.value}
            {...(value === undefined
              ? { defaultChecked: option.value === defaultValue }
              : { checked: option.value === value, onChange: () => onChange?.(option.value) })}
            className={option.hint ? "accent-ink mt-1" : "accent-ink"}
          />
          {option.hint ? (
            <span>
              {option.label}
              <span className="text-muted block text-xs">{option.hint}</span>
            </span>
          ) : (
            option.label
          )}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
