// One service's presentation as the admin's edit form starts from: what is stored, in the
// form's own shape, with "hidden" as buyers see it now (a new service the setting hides shows
// as hidden) and empty words where the owner wrote none.
import { getJson } from "@/lib/kv/json";
import type { ServicePresentation } from "./presentation-input";
import { presentationView, settingsOf, type PresentationStore } from "./read-presentation";
import { PRESENTATION_KEYS, longDescriptionSchema, presentationIndexSchema } from "./stored-presentation";

export async function readServicePresentation(store: PresentationStore, serviceId: number): Promise<ServicePresentation> {
  // Before the first read of the catalogue nothing counts as new: the first index will know every service.
  const index = (await getJson(store.kv, PRESENTATION_KEYS.index(store.upstream), presentationIndexSchema)) ?? { known: [serviceId], services: {} };
  const view = presentationView(index, settingsOf(store));
  const entry = view.entry(serviceId);
  const description = entry.described
    ? await getJson(store.kv, PRESENTATION_KEYS.description(store.upstream, serviceId), longDescriptionSchema)
    : null;
  return {
    name: entry.name,
    summary: entry.summary,
    description: description ?? { en: null, zh: null },
    image: entry.image,
    featured: entry.featured,
    hidden: view.hidden(serviceId),
    sortOrder: entry.sortOrder,
    topUp: entry.topUp,
    hiddenVouchers: entry.hiddenVouchers,
  };
}
