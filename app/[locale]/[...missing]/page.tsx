import { notFound } from "next/navigation";

// Any path that is no page of ours (proxy.ts sends it here under the visitor's language), so the
// 404 page is in that language and in the shop's layout.
export default function Missing() {
  notFound();
}
