// The API answers in English: its messages come from the same words as the English pages.
// Server-only, so that no page ships the English messages it does not show.
import { createTranslator } from "next-intl";
import type { TopUpProblem } from "@/lib/catalog/top-up-amount";
import { messagesOf } from "./messages";
import { topUpProblemInWords } from "./top-up-problem-words";
import type { Translator } from "./translator";

const english = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;

export function topUpProblemInEnglish(problem: TopUpProblem): string {
  return topUpProblemInWords(english, "en", problem);
}
