// The presentation index as every reader sees it: one GET, and on the very first read of an
// upstream the index is created (set-if-absent, so instances starting together agree) with the
// services there are as "reviewed" and SHOP_FEATURED as the first featured flags. Afterwards the
// stored flags decide and the setting is only where they started. No copy is kept in memory:
// the next read after a write sees it, on every instance.
import { parseJsonValue } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { BLANK_ENTRY, PRESENTATION_KEYS, presentationIndexSchema, type PresentationIndex, type ServiceEntry } from "./stored-presentation";
import { DEFAULT_PRESENTATION_SETTINGS, type PresentationSettings } from "./presentation-settings";

export interface PresentationStore {
  kv: Kv;
  upstream: string;
  presentation?: PresentationSettings;
}

/** The stored index with the exact text it was read from (a write's expected value). */
export interface IndexRead {
  index: PresentationIndex;
  text: string;
}

export function settingsOf(store: PresentationStore): PresentationSettings {
  return store.presentation ?? DEFAULT_PRESENTATION_SETTINGS;
}

export function firstIndex(settings: PresentationSettings, serviceIds: readonly number[]): PresentationIndex {
  const services: PresentationIndex["services"] = {};
  for (const id of settings.featuredSeed) services[String(id)] = { ...BLANK_ENTRY, featured: true };
  return { known: [...serviceIds].sort((a, b) => a - b), services };
}

/** The index, created from `serviceIds()` (today's upstream services) when absent. */
export async function readIndex(store: PresentationStore, serviceIds: () => Promise<readonly number[]>): Promise<IndexRead> {
  const key = PRESENTATION_KEYS.index(store.upstream);
  const text = await store.kv.get(key);
  if (text !== null) return { index: parseJsonValue(text, key, presentationIndexSchema), text };
  const first = JSON.stringify(firstIndex(settingsOf(store), await serviceIds()));
  if (await store.kv.setIfAbsent(key, first)) return { index: parseJsonValue(first, key, presentationIndexSchema), text: first };
  // Another instance created it first: theirs stands.
  const again = await store.kv.get(key);
  if (again === null) throw new Error(`presentation index ${key} vanished while being created`);
  return { index: parseJsonValue(again, key, presentationIndexSchema), text: again };
}

/** What readers ask of the index: each service's entry and whether it is shown. */
export interface PresentationView {
  entry(serviceId: number): ServiceEntry;
  hidden(serviceId: number): boolean;
  hiddenVoucher(serviceId: number, voucherId: number): boolean;
}

export function presentationView(index: PresentationIndex, settings: PresentationSettings): PresentationView {
  const known = new Set(index.known);
  const entry = (id: number) => index.services[String(id)] ?? BLANK_ENTRY;
  return {
    entry,
    // An explicit choice wins; else a service the owner has not seen waits if new ones should.
    hidden: (id) => entry(id).hidden ?? (settings.newServices === "hidden" && !known.has(id)),
    hiddenVoucher: (id, voucherId) => entry(id).hiddenVouchers.includes(voucherId),
  };
}

/** The view for readers that already hold today's services (catalogue, product page, checkout). */
export async function readPresentation(store: PresentationStore, serviceIds: readonly number[]): Promise<PresentationView> {
  const { index } = await readIndex(store, async () => serviceIds);
  return presentationView(index, settingsOf(store));
}
