// The versioned rules in KV. A version is never changed once written: saving writes the next
// one under a compare-and-set on the current number, restoring saves a copy of an old one, and
// the first read of a shop with none makes version 1 from its settings, once, however many
// instances start together (the same compare-and-set: one creates it, the others read it).
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { parseJsonValue } from "@/lib/kv/json";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { RULES_KEYS } from "./rules-keys";
import { rulesFromSettings, type PricingSettings } from "./rules-from-settings";
import { ruleContentSchema, ruleSetSchema, versionFactsSchema, type RuleContent, type RuleContentInput, type RuleSet, type VersionFacts } from "./rule-set";
import { saveRulesScript, type SaveRulesReply } from "./save-rules-script";

export interface RulesStoreDeps {
  kv: Kv;
  upstream: string;
  clock: Clock;
  /** Where version 1 comes from when the shop has none yet. */
  settings: PricingSettings;
}

export type SaveRulesError =
  | { code: "conflict"; currentVersion: number | null; message: string }
  | { code: "invalid"; issues: { path: string; message: string }[]; message: string }
  | { code: "not_found"; message: string };

export interface SaveRulesInput {
  /** The version the owner edited: the save fails if another was saved since. */
  expectedVersion: number;
  content: RuleContentInput;
  savedBy: string;
  note?: string;
}

/** The current version number, or null when the shop has none yet: one GET. */
export async function readCurrentVersion(deps: Pick<RulesStoreDeps, "kv" | "upstream">): Promise<number | null> {
  const text = await deps.kv.get(RULES_KEYS.current(deps.upstream));
  if (text === null) return null;
  const version = Number(text);
  if (!Number.isSafeInteger(version) || version < 1) throw new KvError("invalid_value", `Pricing version pointer "${text}" is not a version`);
  return version;
}

/** One stored version, or null when there is no such version. */
export async function loadRulesVersion(deps: Pick<RulesStoreDeps, "kv" | "upstream">, version: number): Promise<RuleSet | null> {
  const key = RULES_KEYS.version(deps.upstream, version);
  const text = await deps.kv.get(key);
  return text === null ? null : parseJsonValue(text, key, ruleSetSchema);
}

/** The current version, made from the settings first if the shop has none. */
export async function loadCurrentRules(deps: RulesStoreDeps): Promise<RuleSet> {
  for (;;) {
    const version = await readCurrentVersion(deps);
    if (version === null) {
      const first = rulesFromSettings(deps.settings, deps.clock.now());
      const reply = await write(deps, "", first);
      // Another instance made it first: read theirs.
      if (reply !== "conflict") return first;
      continue;
    }
    const set = await loadRulesVersion(deps, version);
    if (!set) throw new KvError("invalid_value", `Pricing version ${version} is current but missing`);
    return set;
  }
}

/** Save edited rules as the next version, if `expectedVersion` is still the current one. */
export async function saveRules(deps: RulesStoreDeps, input: SaveRulesInput): Promise<Result<RuleSet, SaveRulesError>> {
  const content = ruleContentSchema.safeParse(input.content);
  if (!content.success) {
    const issues = content.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return err({ code: "invalid", issues, message: issues.map((i) => `${i.path}: ${i.message}`).join("; ") });
  }
  return saveNext(deps, input.expectedVersion, content.data, { savedBy: input.savedBy, note: input.note ?? "" });
}

/** Restore an earlier version: saved as a copy, so the history keeps what was undone. */
export async function restoreRules(
  deps: RulesStoreDeps,
  input: { version: number; expectedVersion: number; savedBy: string; note?: string },
): Promise<Result<RuleSet, SaveRulesError>> {
  const old = await loadRulesVersion(deps, input.version);
  if (!old) return err({ code: "not_found", message: `There is no version ${input.version} of the prices` });
  // Parsing as content leaves the old version's own facts behind.
  return saveNext(deps, input.expectedVersion, ruleContentSchema.parse(old), {
    savedBy: input.savedBy,
    // Said by the history in the reader's language from restoredFrom, not stored in English.
    note: input.note ?? "",
    restoredFrom: input.version,
  });
}

/** The history, newest first: who saved each version, when, and why. */
export async function listRulesHistory(deps: Pick<RulesStoreDeps, "kv" | "upstream">, page: { offset?: number; count: number }): Promise<VersionFacts[]> {
  const key = RULES_KEYS.history(deps.upstream);
  const entries = await deps.kv.zRevRangeByRank(key, { offset: page.offset ?? 0, count: page.count });
  return entries.map((entry) => parseJsonValue(entry.member, key, versionFactsSchema));
}

async function saveNext(
  deps: RulesStoreDeps,
  expectedVersion: number,
  content: RuleContent,
  facts: Pick<VersionFacts, "savedBy" | "note" | "restoredFrom">,
): Promise<Result<RuleSet, SaveRulesError>> {
  const set = ruleSetSchema.parse({ ...content, ...facts, version: expectedVersion + 1, savedAt: deps.clock.now() });
  const reply = await write(deps, String(expectedVersion), set);
  if (reply !== "conflict") return ok(set);
  const currentVersion = await readCurrentVersion(deps);
  return err({
    code: "conflict",
    currentVersion,
    message: `The prices were changed by someone else (now version ${currentVersion ?? "none"}); reload them and apply your change again`,
  });
}

async function write(deps: Pick<RulesStoreDeps, "kv" | "upstream">, expected: string, set: RuleSet): Promise<SaveRulesReply> {
  const { version, savedAt, savedBy, note, restoredFrom } = set;
  const input = {
    keys: {
      current: RULES_KEYS.current(deps.upstream),
      record: RULES_KEYS.version(deps.upstream, version),
      history: RULES_KEYS.history(deps.upstream),
    },
    args: { expected, version, value: JSON.stringify(set), summary: JSON.stringify({ version, savedAt, savedBy, note, restoredFrom }) },
  };
  try {
    return await deps.kv.run(saveRulesScript, input);
  } catch (error) {
    // No driver resends a write whose reply was lost; this one is safe to: it answers
    // "already" when its first run landed.
    if (error instanceof KvError && error.code === "reply_lost") return deps.kv.run(saveRulesScript, input);
    throw error;
  }
}
