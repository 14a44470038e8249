// A price version's note as the owner reads it. The first version, made from the settings,
// says so in the reader's language (`fromSettings`); a restored version's note from before
// notes stopped defaulting to English ("Restored version 2") is left out, since the history
// says "restored from version 2" itself. Any other note is the owner's own words, as typed.
export interface VersionNoteFacts {
  savedBy: string;
  note: string;
  restoredFrom?: number;
}

export function versionNote<T>(facts: VersionNoteFacts, fromSettings: T): string | T | null {
  if (facts.savedBy === "settings") return fromSettings;
  if (facts.restoredFrom !== undefined && facts.note === `Restored version ${facts.restoredFrom}`) return null;
  return facts.note || null;
}
