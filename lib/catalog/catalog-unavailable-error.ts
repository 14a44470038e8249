// Thrown by a page that cannot show the catalogue, so nothing renders it as an empty shop or a
// 404. Next keeps a thrown error out of unstable_cache and ISR (the previous page stays), sends
// it with no-store, and passes a `digest` set here to the error boundary unchanged: that is how
// app/error.tsx tells "catalogue temporarily unavailable" from a crash.
import type { CatalogUnavailable } from "./catalog-unavailable";

export const CATALOG_UNAVAILABLE_DIGEST = "CATALOG_UNAVAILABLE";

export class CatalogUnavailableError extends Error {
  override name = "CatalogUnavailableError";
  readonly digest = CATALOG_UNAVAILABLE_DIGEST;
  constructor(readonly failure: CatalogUnavailable) {
    super(`Catalogue temporarily unavailable: ${failure.reason}`);
  }
}
