// Before any browser test: the production build and the browser must be there. Saying so here
// beats sixty tests each failing on a missing file.
import { existsSync } from "node:fs";
import { browserMissing } from "./browser";

export default function globalSetup(): void {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npx next build` before the browser tests (npm test does).");
  const missing = browserMissing();
  if (missing) throw new Error(missing);
}
