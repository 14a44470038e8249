// After a save or restore of the rules: expire every cached page and data that shows a price
// (tag TAGS.prices), so the next request prices with the new version; the checkout's quote
// reads the version on every request and needs nothing.
import { expireTags, TAGS, type ExpiryFrom } from "./cache-tags";

export function afterRulesSaved({ from = "server-action" }: { from?: ExpiryFrom } = {}): void {
  expireTags([TAGS.prices], from);
}
