// The root translator's type: what useTranslations() gives a component, getTranslations() the
// server, and createTranslator() a test or the API's English.
import type { useTranslations } from "next-intl";

export type Translator = ReturnType<typeof useTranslations<never>>;
