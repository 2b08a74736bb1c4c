import { AVAILABILITY_LABELS, AVAILABILITY_VALUES } from "~/lib/availability";
import { adminInput, adminLabel } from "./ui";

/** The "Availability" filter of the admin's lists (artworks, inventory, status): All or one of the four. */
export function AvailabilityFilter({ id, defaultValue }: { id: string; defaultValue: string | undefined }) {
  return (
    <div>
      <label htmlFor={id} className={adminLabel}>
        Availability
      </label>
      <select id={id} name="availability" defaultValue={defaultValue ?? ""} className={adminInput}>
        <option value="">All</option>
        {AVAILABILITY_VALUES.map((value) => (
          <option key={value} value={value}>
            {AVAILABILITY_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
