// What the HTTP shell reads of a request. Two adapters provide it: web-request.ts for Web
// `Request`s (the Next app, the tests) and node-request.ts for node:http (`npm run sandbox`),
// which skips building Web Request and Response objects: under load those cost more than
// everything the sandbox itself does for a request.
import type { Outcome } from "./outcome";

export interface SandboxRequest {
  /** Upper case, as both Web `Request` and node:http give it. */
  method: string;
  url: URL;
  /** As Web `Headers.get` answers: a repeated header's values joined with ", ", null when absent. */
  header(name: string): string | null;
  /** The body as UTF-8 text: 413 beyond MAX_BODY_BYTES (docs/partner-api-decisions.md item 23), 400 when not UTF-8. */
  text(): Promise<Outcome<string>>;
}
