// What the presentation's writes need: the KV, the upstream (its keys are per upstream), the
// cached games list (only to create the index on the very first write), a clock, and who acts.
import type { UpstreamCacheDeps } from "../upstream-cache";
import type { PresentationSettings } from "./presentation-settings";

export interface PresentationDeps extends UpstreamCacheDeps {
  presentation?: PresentationSettings;
  /** Whether `path` (e.g. /brands/x.png) is a file in public/; unset: the storefront's own folder. */
  publicFileExists?: (path: string) => Promise<boolean>;
}

/** Why a write changed nothing; `field` names the form field at fault. */
export type PresentationWriteError =
  | { code: "invalid"; field: string; message: string }
  | { code: "catalog_unavailable"; message: string }
  | { code: "conflict"; message: string };
