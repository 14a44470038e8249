// Typed keys: a message that does not exist in en.json is a compile error (next-intl AppConfig).
import type { Locale } from "./locales";
import type { Messages } from "./messages";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
