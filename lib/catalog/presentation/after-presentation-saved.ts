// After a presentation write: expire the cached pages and data that show those services, so the
// next request renders from KV (which the write has already reached). The catalogue's list is
// always among them, since a name, a flag or an order shows there. From a server action,
// updateTag also lets the owner's own next render read the write; a route handler may not call
// it and expires the tags with revalidateTag at once instead (not "max", which would serve the
// old page once more).
import { revalidateTag, updateTag } from "next/cache";
import { TAGS } from "../tags";

export interface InvalidateOptions {
  /** Where the caller runs: updateTag is allowed only in a server action. */
  from?: "server-action" | "route-handler";
}

export function presentationTags(serviceIds: readonly number[]): string[] {
  return [TAGS.catalogList, ...new Set(serviceIds.map((id) => TAGS.product(id)))];
}

export function afterPresentationSaved(serviceIds: readonly number[], { from = "server-action" }: InvalidateOptions = {}): void {
  for (const tag of presentationTags(serviceIds)) {
    if (from === "server-action") updateTag(tag);
    else revalidateTag(tag, { expire: 0 });
  }
}
