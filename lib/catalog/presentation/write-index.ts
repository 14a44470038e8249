// Read, change, compare-and-set: the one way the presentation index is written. A writer that
// loses a race (another owner saved in between) reads again and reapplies its change, so
// neither change is lost. Each write stamps the index with its own id, so a writer whose reply
// was lost on the wire reads whether it landed instead of applying (and auditing) it twice. The
// first write of an upstream creates the index from the games list, exactly as the first read
// would (read-presentation.ts).
import { randomUUID } from "node:crypto";
import { KvError } from "@/lib/kv/kv-error";
import { parseJsonValue } from "@/lib/kv/json";
import { err, ok, type Result } from "@/lib/result";
import { cachedGamesList } from "../upstream-cache";
import type { PresentationDeps, PresentationWriteError } from "./presentation-deps";
import { firstIndex, settingsOf } from "./read-presentation";
import { PRESENTATION_KEYS, presentationIndexSchema, type PresentationIndex } from "./stored-presentation";
import { writePresentationScript } from "./write-presentation-script";

/** The index after a change, and the one other key written with it in the same step. */
export interface IndexChange {
  index: PresentationIndex;
  other?: { key: string; value: string | null };
}

/** Each lost race means another write landed: enough for every owner and staff member saving at once. */
const ATTEMPTS = 10;

export async function writeIndex<E>(
  deps: PresentationDeps,
  change: (index: PresentationIndex) => Promise<Result<IndexChange | null, E>>,
): Promise<Result<{ before: PresentationIndex; after: PresentationIndex }, E | PresentationWriteError>> {
  const key = PRESENTATION_KEYS.index(deps.upstream);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await currentIndex(deps, key);
    if (!current.ok) return current;
    const { index, text } = current.value;
    const changed = await change(index);
    if (!changed.ok) return changed;
    // Nothing to change: no write, and nothing for the audit log to record.
    if (changed.value === null) return ok({ before: index, after: index });
    const { other } = changed.value;
    const after: PresentationIndex = { ...changed.value.index, writeId: randomUUID() };
    try {
      const reply = await deps.kv.run(writePresentationScript, {
        keys: { index: key, other: other?.key ?? key },
        args: {
          expected: text,
          value: JSON.stringify(after),
          otherMode: other === undefined ? "keep" : other.value === null ? "del" : "set",
          otherValue: other?.value ?? "",
        },
      });
      if (reply === "saved") return ok({ before: index, after });
    } catch (error) {
      if (!(error instanceof KvError && error.code === "reply_lost")) throw error;
      const now = await currentIndex(deps, key);
      if (now.ok && now.value.index.writeId === after.writeId) return ok({ before: index, after });
    }
  }
  return err({ code: "conflict", message: "The catalogue was being changed by someone else; nothing was saved. Try again." });
}

/** The index and its exact text; "" with the first index when none is stored yet. */
async function currentIndex(deps: PresentationDeps, key: string): Promise<Result<{ index: PresentationIndex; text: string }, PresentationWriteError>> {
  const text = await deps.kv.get(key);
  if (text !== null) return ok({ index: parseJsonValue(text, key, presentationIndexSchema), text });
  const games = await cachedGamesList(deps);
  if (!games.ok) return err({ code: "catalog_unavailable", message: "The upstream catalogue could not be read; nothing was saved. Try again shortly." });
  return ok({ index: firstIndex(settingsOf(deps), games.value.value.map((s) => s.id)), text: "" });
}
