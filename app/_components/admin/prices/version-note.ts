// A version's note in the owner's words. Version 1's note is written in English by the library and
// names the settings it came from; a restore without a note of its own is stored with none (older
// ones with "Restored version N", which says in English what "Restored from version N" says in
// the reader's language).
import type { VersionFacts } from "@/lib/pricing/rule-set";

type Words = (key: "fromSettingsNote" | "restoredFrom", values?: { version: number }) => string;

export function versionNote(facts: Pick<VersionFacts, "savedBy" | "note" | "restoredFrom">, t: Words): string {
  if (facts.savedBy === "settings") return t("fromSettingsNote");
  if (!facts.restoredFrom) return facts.note;
  const restored = t("restoredFrom", { version: facts.restoredFrom });
  return !facts.note || facts.note === `Restored version ${facts.restoredFrom}` ? restored : `${facts.note} (${restored})`;
}
