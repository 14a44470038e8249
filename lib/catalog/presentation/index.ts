// The catalogue's presentation as the admin uses it: import from "@/lib/catalog/presentation" on
// the server (the shop's settings and the cache expiry after a save: lib/shop/). A form in the browser imports its schemas from "./presentation-input" alone, which
// reads neither settings nor KV.
export {
  PRESENTATION_LIMITS,
  bulkActionSchema,
  fieldProblem,
  imageRefSchema,
  servicePresentationInputSchema,
  topUpRangeSchema,
  type BulkAction,
  type FieldProblem,
  type ServicePresentation,
  type ServicePresentationInput,
  type TopUpRange,
} from "./presentation-input";
export type { PresentationDeps, PresentationWriteError } from "./presentation-deps";
export { listPresentation, type PresentationRow } from "./list-presentation";
export { readServicePresentation } from "./read-service-presentation";
export { savePresentation, type PresentationSaved } from "./save-presentation";
export { bulkUpdatePresentation, type BulkApplied } from "./bulk-presentation";
export { diffUpstream, markReviewed, upstreamChangesSince, type ServiceChanges, type UpstreamChanges } from "./upstream-changes";
export type { PresentationSettings } from "./presentation-settings";
