// The newsletter's subscriber states, shared by the server module and the admin page.
import { choices } from "./choices";

export const { values: SUBSCRIBER_STATUSES, labels: SUBSCRIBER_STATUS_LABELS } = choices({
  confirmed: "Subscribed",
  unconfirmed: "Waiting to confirm",
  unsubscribed: "Unsubscribed",
});
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
