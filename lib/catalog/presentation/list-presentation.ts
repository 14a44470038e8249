// Every upstream service with what the owner has set, hidden ones included: the admin's list,
// which it filters and acts on in bulk (bulk-presentation.ts).
import { ok, type Result } from "@/lib/result";
import type { CatalogUnavailable } from "../catalog-unavailable";
import { cachedGamesList } from "../upstream-cache";
import type { PresentationDeps } from "./presentation-deps";
import { presentationView, readIndex, settingsOf } from "./read-presentation";

export interface PresentationRow {
  id: number;
  /** Upstream's name, and the name buyers see (the owner's English one, else upstream's). */
  upstreamName: string;
  name: string;
  brand: string;
  type: string;
  platform: string | null;
  region: string | null;
  country: string | null;
  hidden: boolean;
  featured: boolean;
  sortOrder: number | null;
  /** Not yet reviewed by the owner (upstream added it since). */
  isNew: boolean;
  hiddenVouchers: number;
  updatedAt: number | null;
}

export async function listPresentation(deps: PresentationDeps): Promise<Result<PresentationRow[], CatalogUnavailable>> {
  const games = await cachedGamesList(deps);
  if (!games.ok) return games;
  const services = games.value.value;
  const { index } = await readIndex(deps, async () => services.map((s) => s.id));
  const view = presentationView(index, settingsOf(deps));
  const known = new Set(index.known);
  return ok(
    services.map((service) => {
      const entry = view.entry(service.id);
      return {
        id: service.id,
        upstreamName: service.game_name,
        name: entry.name.en ?? service.game_name,
        brand: service.brand ?? service.game_name,
        type: service.type,
        platform: service.platform,
        region: service.region,
        country: service.country,
        hidden: view.hidden(service.id),
        featured: entry.featured,
        sortOrder: entry.sortOrder,
        isNew: !known.has(service.id),
        hiddenVouchers: entry.hiddenVouchers.length,
        updatedAt: entry.updatedAt,
      };
    }),
  );
}
