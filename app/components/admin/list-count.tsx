/** How many a filtered back-office list holds ("3 orders"), read out again when a search changes it. */
export function ListCount({ total, one, many }: { total: number; one: string; many: string }) {
  return (
    <p className="text-muted mb-4 text-sm" aria-live="polite">
      {total} {total === 1 ? one : many}
    </p>
  );
}
