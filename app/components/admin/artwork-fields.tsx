// The fields of an artwork (upload and edit share them): labels, server-side errors beside each field, and
// what was typed kept after a refused save.
import { CheckboxField, labelOptions, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { fieldBinder, type FieldErrors } from "~/lib/action-result";
import { AVAILABILITY_LABELS, type AvailabilityValue } from "~/lib/availability";

export interface ArtworkFieldValues {
  title: string;
  description: string;
  medium: string;
  year: string;
  size: string;
  price: string;
  availability: AvailabilityValue;
  featured: boolean;
  quantity: string;
}

export const EMPTY_ARTWORK: ArtworkFieldValues = {
  title: "",
  description: "",
  medium: "",
  year: "",
  size: "",
  price: "",
  availability: "available",
  featured: false,
  quantity: "1",
};

const AVAILABILITY_OPTIONS = labelOptions(AVAILABILITY_LABELS);

export function ArtworkFields({
  values,
  errors = {},
  compact = false,
}: {
  values: ArtworkFieldValues;
  errors?: FieldErrors;
  compact?: boolean;
}) {
  const field = fieldBinder(values, errors);
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-6">
      <TextField label="Title" {...field("title")} required maxLength={200} className="col-span-2 md:col-span-4" />
      <TextField
        label="Medium"
        {...field("medium")}
        placeholder="Oil on canvas"
        maxLength={120}
        className="col-span-2"
      />
      <TextAreaField
        label="Description"
        {...field("description")}
        rows={compact ? 2 : 5}
        className="col-span-2 md:col-span-6"
      />
      <TextField
        label="Year"
        {...field("year")}
        inputMode="numeric"
        placeholder={String(new Date().getFullYear())}
        className="md:col-span-1"
      />
      <TextField label="Size" {...field("size")} placeholder='24" x 36"' maxLength={80} className="md:col-span-1" />
      <TextField
        label="Price (USD)"
        {...field("price")}
        hint="Blank: price on request"
        inputMode="decimal"
        className="md:col-span-1"
      />
      <TextField
        label="Quantity"
        {...field("quantity")}
        hint="More than 1 for editions"
        inputMode="numeric"
        className="md:col-span-1"
      />
      <SelectField
        label="Availability"
        {...field("availability")}
        options={AVAILABILITY_OPTIONS}
        className="md:col-span-2"
      />
      <CheckboxField
        label="Featured on the home page (the first 6 in your order are shown)"
        name="featured"
        defaultChecked={values.featured}
        className="col-span-2 md:col-span-6"
      />
    </div>
  );
}
