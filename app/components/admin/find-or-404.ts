// The record a back-office route's `:id` names, for its loader and action: an id that is no UUID, or names
// nothing, is a 404 with the route's message ("Invoice not found").
import { data } from "react-router";
import { isUuid } from "~/lib/uuid";

export async function findOr404<T>(
  id: string,
  find: (id: string) => Promise<T | undefined>,
  notFound: string,
): Promise<T> {
  const found = isUuid(id) ? await find(id) : undefined;
  if (!found) throw data(notFound, { status: 404 });
  return found;
}
