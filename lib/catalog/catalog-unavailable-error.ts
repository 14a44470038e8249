// Thrown by a page that cannot show the catalogue, so nothing renders it as an empty shop or a
// 404. Next keeps a thrown error out of unstable_cache and ISR (the previous page stays), sends
// it with no-store, and passes a `digest` set here to the error boundary unchanged: that is how
// app/error.tsx tells "catalogue temporarily unavailable" from a crash.
// Type imports only: app/[locale]/error.tsx runs in the browser, which gets no zod.
import type { AnswerableError } from "@/lib/http/answerable-error";
import type { ErrorBody } from "@/lib/http/error-body";
import type { CatalogUnavailable } from "./catalog-unavailable";

export const CATALOG_UNAVAILABLE_DIGEST = "CATALOG_UNAVAILABLE";

/** A route that lets it escape answers 503 `catalog_unavailable` (lib/http/route.ts). */
export class CatalogUnavailableError extends Error implements AnswerableError {
  override name = "CatalogUnavailableError";
  readonly digest = CATALOG_UNAVAILABLE_DIGEST;
  readonly answer: ErrorBody = { error: "catalog_unavailable", message: "The catalogue is temporarily unavailable; try again shortly." };
  constructor(readonly failure: CatalogUnavailable) {
    super(`Catalogue temporarily unavailable: ${failure.reason}`);
  }
}
