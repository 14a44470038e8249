// The themes an accessibility check walks. A theme changes colours only, and colours do not
// depend on the screen: the desktop checks both, the phone its layout in the light theme.
import { test } from "@playwright/test";

export function themesToCheck(): readonly ("light" | "dark")[] {
  return test.info().project.name === "phone" ? ["light"] : ["light", "dark"];
}
