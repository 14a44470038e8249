// One action over many services (the admin's filtered list): hide, show, feature or unfeature
// them all in one compare-and-set of the index, so the storefront sees all of them changed or
// none, then one audit row naming each service's flag before and after. Services already as
// asked are left alone (and not audited).
import type { Actor } from "@/lib/audit";
import { recordAudit } from "@/lib/audit";
import { err, ok, type Result } from "@/lib/result";
import { bulkActionSchema, fieldProblem, type BulkAction } from "./presentation-input";
import type { PresentationDeps, PresentationWriteError } from "./presentation-deps";
import { presentationView, settingsOf } from "./read-presentation";
import { BLANK_ENTRY, type PresentationIndex, type ServiceEntry } from "./stored-presentation";
import { writeIndex } from "./write-index";

type Flag = "hidden" | "featured";

const ACTIONS: Record<BulkAction["action"], { flag: Flag; value: boolean }> = {
  hide: { flag: "hidden", value: true },
  show: { flag: "hidden", value: false },
  feature: { flag: "featured", value: true },
  unfeature: { flag: "featured", value: false },
};

export interface BulkApplied {
  /** The services whose flag changed: the ones to invalidate. */
  serviceIds: number[];
  before: Record<string, Partial<Record<Flag, boolean>>>;
  after: Record<string, Partial<Record<Flag, boolean>>>;
}

export async function bulkUpdatePresentation(deps: PresentationDeps, input: unknown, author: Actor): Promise<Result<BulkApplied, PresentationWriteError>> {
  const parsed = bulkActionSchema.safeParse(input);
  if (!parsed.success) return err(fieldProblem(parsed.error));
  const { action, ids } = parsed.data;
  const { flag, value } = ACTIONS[action];

  let applied: BulkApplied = { serviceIds: [], before: {}, after: {} };
  const written = await writeIndex<never>(deps, async (index) => {
    // Recomputed on every attempt: a retry after a lost race starts from what the winner wrote.
    applied = { serviceIds: [], before: {}, after: {} };
    const view = presentationView(index, settingsOf(deps));
    const services: PresentationIndex["services"] = { ...index.services };
    let touched = false;
    for (const id of ids) {
      const current = flag === "hidden" ? view.hidden(id) : view.entry(id).featured;
      // A service hidden only by the new-services setting is made explicitly hidden, so that
      // marking upstream's changes reviewed later cannot show it.
      if (current === value && (flag !== "hidden" || view.entry(id).hidden !== null)) continue;
      touched = true;
      const entry: ServiceEntry = { ...(index.services[String(id)] ?? BLANK_ENTRY), [flag]: value, updatedAt: deps.clock.now() };
      services[String(id)] = entry;
      if (current !== value) {
        applied.serviceIds.push(id);
        applied.before[String(id)] = { [flag]: current };
        applied.after[String(id)] = { [flag]: value };
      }
    }
    return ok(touched ? { index: { ...index, services } } : null);
  });
  if (!written.ok) return written;
  if (applied.serviceIds.length > 0) {
    await recordAudit(
      { actor: author.email, action: `catalog.presentation_${action}`, target: `services:${applied.serviceIds.join(",")}`, before: applied.before, after: applied.after, ip: author.ip },
      { kv: deps.kv, clock: deps.clock },
    );
  }
  return ok(applied);
}
