// The newsletter's subscriber states, shared by the server module and the admin page: subscribed, waiting to
// confirm by a link that still works, waiting with no link that works (older than CONFIRM_LINK_DAYS: the address
// must sign up again), unsubscribed.
export const SUBSCRIBER_STATUSES = ["confirmed", "unconfirmed", "expired", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: "Subscribed",
  unconfirmed: "Waiting to confirm",
  expired: "Link expired",
  unsubscribed: "Unsubscribed",
};
