// How upstream's notifications reach this shop: the route and the header that carries the shared
// secret. Both the checkout (which checks them) and the embedded sandbox (which sends them, as a
// real upstream configured for this shop would) read them from here, so neither imports the other.
export const PARTNER_NOTIFY_PATH = "/api/webhooks/partner";

/** The header the upstream service is configured to send with every notification. */
export const PARTNER_NOTIFY_HEADER = "x-notify-secret";
