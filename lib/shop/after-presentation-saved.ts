// After a presentation write: expire the cached pages and data that show those services, so the
// next request renders from KV (which the write has already reached). The catalogue's list is
// always among them, since a name, a flag or an order shows there.
import { expireTags, TAGS, type ExpiryFrom } from "./cache-tags";

export interface InvalidateOptions {
  from?: ExpiryFrom;
}

export function presentationTags(serviceIds: readonly number[]): string[] {
  return [TAGS.catalogList, ...new Set(serviceIds.map((id) => TAGS.product(id)))];
}

export function afterPresentationSaved(serviceIds: readonly number[], { from = "server-action" }: InvalidateOptions = {}): void {
  expireTags(presentationTags(serviceIds), from);
}
