// A product's long description, Markdown, read only by its own page (and only when the index
// says one is stored). The Chinese page shows the English one when no Chinese was written; the
// English page shows none rather than Chinese.
import { getJson } from "@/lib/kv/json";
import type { Localized } from "../types";
import type { PresentationStore, PresentationView } from "./read-presentation";
import { PRESENTATION_KEYS, longDescriptionSchema } from "./stored-presentation";

export async function readLongDescription(
  store: PresentationStore,
  serviceId: number,
  view: PresentationView,
): Promise<Localized<string | null> | null> {
  if (!view.entry(serviceId).described) return null;
  const stored = await getJson(store.kv, PRESENTATION_KEYS.description(store.upstream, serviceId), longDescriptionSchema);
  if (!stored || (stored.en === null && stored.zh === null)) return null;
  return { en: stored.en, zh: stored.zh ?? stored.en };
}
