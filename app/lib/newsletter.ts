// The newsletter's subscriber states, shared by the server module and the admin page: subscribed, waiting to
// confirm by a link that still works, waiting with no link that works (older than CONFIRM_LINK_DAYS: the address
// must sign up again), unsubscribed.
import { choices } from "./choices";

export const { values: SUBSCRIBER_STATUSES, labels: SUBSCRIBER_STATUS_LABELS } = choices({
  confirmed: "Subscribed",
  unconfirmed: "Waiting to confirm",
  expired: "Link expired",
  unsubscribed: "Unsubscribed",
});
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
