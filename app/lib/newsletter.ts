// The newsletter's subscriber states, shared by the server module and the admin page.
export const SUBSCRIBER_STATUSES = ["confirmed", "unconfirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: "Subscribed",
  unconfirmed: "Waiting to confirm",
  unsubscribed: "Unsubscribed",
};
