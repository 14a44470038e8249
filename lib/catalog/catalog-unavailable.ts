// The one failure of a catalogue read: upstream could not be asked (or did not answer) and no
// copy is cached. Pages show "Catalogue temporarily unavailable" with HTTP 503 for it, never an
// empty shop and never "not found" for a product that exists upstream.
export interface CatalogUnavailable {
  code: "catalog_unavailable";
  /** For logs, not for buyers: what went wrong. */
  reason: string;
}

export function catalogUnavailable(reason: string): CatalogUnavailable {
  return { code: "catalog_unavailable", reason };
}
