// After a save or restore of the rules: expire every cached page and data that shows a price
// (tag TAGS.prices), so the next request prices with the new version; the checkout's quote
// reads the version on every request and needs nothing. From a server action, updateTag also
// lets the owner's own next render read the write; a route handler may not call it and expires
// the tag with revalidateTag at once instead (not "max", which would serve old prices once more).
import { revalidateTag, updateTag } from "next/cache";
import { TAGS } from "@/lib/catalog/tags";

export function afterRulesSaved({ from = "server-action" }: { from?: "server-action" | "route-handler" } = {}): void {
  if (from === "server-action") updateTag(TAGS.prices);
  else revalidateTag(TAGS.prices, { expire: 0 });
}
