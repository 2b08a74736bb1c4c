// A labelled file input (a photo, a spreadsheet): the field's label, hint and error as every field has them,
// and the browser's "Choose file" button drawn as a quiet pill inside the control.
import type { InputHTMLAttributes } from "react";
import { Field, splitField, type FieldProps } from "./field";

const FILE_BUTTON = "h-auto file:bg-paper-deep file:mr-3 file:rounded file:border-0 file:px-3 file:py-1 file:text-sm";

export function FileField(
  props: FieldProps & { id?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "type">,
) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      {(control) => <input {...input} {...control} type="file" className={`${control.className} ${FILE_BUTTON}`} />}
    </Field>
  );
}
