// What upstream added, removed or repriced since the owner last reviewed it, and marking it
// reviewed. Marking stores upstream's state as the owner saw it (refused if upstream changed
// again in between, so nothing unseen is marked) and, in the same atomic write, makes the index
// know the new services: a new service the setting held back stays hidden until the owner
// shows it, rather than appearing because it was reviewed.
import type { Actor } from "@/lib/audit";
import { recordAudit } from "@/lib/audit";
import { getJson } from "@/lib/kv/json";
import { err, ok, type Result } from "@/lib/result";
import type { CatalogUnavailable } from "../catalog-unavailable";
import type { PresentationDeps, PresentationWriteError } from "./presentation-deps";
import { presentationView, readIndex, settingsOf } from "./read-presentation";
import { PRESENTATION_KEYS, type PresentationIndex } from "./stored-presentation";
import { readUpstreamState, stateFingerprint, upstreamSnapshotSchema, type ServiceState, type UpstreamSnapshot, type VoucherState } from "./upstream-snapshot";
import { writeIndex } from "./write-index";

export interface ServiceSummary {
  id: number;
  name: string;
  type: string;
  /** Whether buyers see it now. */
  hidden: boolean;
}

export interface RepricedVoucher {
  id: number;
  name: string;
  /** Upstream's cost then and now, each in its currency. */
  before: { cost: number; currency: string };
  after: { cost: number; currency: string };
}

export interface ServiceChanges {
  id: number;
  name: string;
  /** Set when upstream's discount on a top-up changed. */
  discountPercent?: { before: number | null; after: number | null };
  addedVouchers: VoucherState[];
  removedVouchers: VoucherState[];
  repricedVouchers: RepricedVoucher[];
}

export interface UpstreamChanges {
  /** When the owner last marked upstream reviewed; null: never (changes are counted from the shop's first start). */
  reviewedAt: number | null;
  added: ServiceSummary[];
  removed: Omit<ServiceSummary, "hidden">[];
  changed: ServiceChanges[];
  /** Give it back to markReviewed: it names the upstream state these changes were read from. */
  fingerprint: string;
}

/** Pure: the differences between the reviewed state (or only the ids known, before any review) and now. */
export function diffUpstream(reviewed: UpstreamSnapshot | null, known: readonly number[], current: readonly ServiceState[]): Omit<UpstreamChanges, "fingerprint" | "added"> & { added: ServiceState[] } {
  const before = new Map((reviewed?.services ?? []).map((s) => [s.id, s]));
  const knownIds = reviewed ? new Set(before.keys()) : new Set(known);
  const now = new Map(current.map((s) => [s.id, s]));
  const changed: ServiceChanges[] = [];
  for (const service of current) {
    const old = before.get(service.id);
    if (!old) continue;
    const change = serviceChanges(old, service);
    if (change) changed.push(change);
  }
  return {
    reviewedAt: reviewed?.reviewedAt ?? null,
    added: current.filter((s) => !knownIds.has(s.id)),
    removed: [...knownIds]
      .filter((id) => !now.has(id))
      .sort((a, b) => a - b)
      .map((id) => {
        const old = before.get(id);
        return { id, name: old?.name ?? `#${id}`, type: old?.type ?? "unknown" };
      }),
    changed,
  };
}

function serviceChanges(old: ServiceState, now: ServiceState): ServiceChanges | null {
  const change: ServiceChanges = { id: now.id, name: now.name, addedVouchers: [], removedVouchers: [], repricedVouchers: [] };
  if (old.discountPercent !== now.discountPercent) change.discountPercent = { before: old.discountPercent, after: now.discountPercent };
  // A list unread then or now says nothing about its vouchers.
  if (old.vouchers && now.vouchers) {
    const was = new Map(old.vouchers.map((v) => [v.id, v]));
    const is = new Map(now.vouchers.map((v) => [v.id, v]));
    change.addedVouchers = now.vouchers.filter((v) => !was.has(v.id));
    change.removedVouchers = old.vouchers.filter((v) => !is.has(v.id));
    for (const voucher of now.vouchers) {
      const prior = was.get(voucher.id);
      if (prior && (prior.cost !== voucher.cost || prior.currency !== voucher.currency)) {
        change.repricedVouchers.push({
          id: voucher.id,
          name: voucher.name,
          before: { cost: prior.cost, currency: prior.currency },
          after: { cost: voucher.cost, currency: voucher.currency },
        });
      }
    }
  }
  const empty = !change.discountPercent && change.addedVouchers.length + change.removedVouchers.length + change.repricedVouchers.length === 0;
  return empty ? null : change;
}

/** What upstream added, removed or repriced since the owner last looked, read through the catalogue cache. */
export async function upstreamChangesSince(deps: PresentationDeps): Promise<Result<UpstreamChanges, CatalogUnavailable>> {
  const state = await readUpstreamState(deps);
  if (!state.ok) return state;
  const { index } = await readIndex(deps, async () => state.value.map((s) => s.id));
  const reviewed = await getJson(deps.kv, PRESENTATION_KEYS.reviewed(deps.upstream), upstreamSnapshotSchema);
  const diff = diffUpstream(reviewed, index.known, state.value);
  const view = presentationView(index, settingsOf(deps));
  return ok({
    ...diff,
    added: diff.added.map((s) => ({ id: s.id, name: s.name, type: s.type, hidden: view.hidden(s.id) })),
    fingerprint: stateFingerprint(state.value),
  });
}


/**
 * Mark upstream's current state reviewed. `fingerprint` is the one upstreamChangesSince gave the
 * owner: if upstream changed since, nothing is marked and the answer is `conflict` (look again).
 */
export async function markReviewed(deps: PresentationDeps, fingerprint: string, author: Actor): Promise<Result<{ reviewedAt: number }, PresentationWriteError>> {
  const state = await readUpstreamState(deps);
  if (!state.ok) return err({ code: "catalog_unavailable", message: "The upstream catalogue could not be read; nothing was marked. Try again shortly." });
  if (stateFingerprint(state.value) !== fingerprint) {
    return err({ code: "conflict", message: "Upstream changed again since this list was read; look at it again before marking it reviewed." });
  }
  const reviewedAt = deps.clock.now();
  const snapshot: UpstreamSnapshot = { reviewedAt, services: state.value };
  const ids = state.value.map((s) => s.id);
  let summary = { known: 0, added: [] as number[], removed: [] as number[] };
  const written = await writeIndex<never>(deps, async (index) => {
    const view = presentationView(index, settingsOf(deps));
    const services: PresentationIndex["services"] = { ...index.services };
    const known = new Set(index.known);
    // A new service hidden by the setting is made explicitly hidden before it becomes known.
    for (const id of ids) {
      if (!known.has(id) && view.hidden(id) && view.entry(id).hidden === null) services[String(id)] = { ...view.entry(id), hidden: true };
    }
    summary = { known: index.known.length, added: ids.filter((id) => !known.has(id)), removed: index.known.filter((id) => !ids.includes(id)) };
    return ok({ index: { known: ids, services }, other: { key: PRESENTATION_KEYS.reviewed(deps.upstream), value: JSON.stringify(snapshot) } });
  });
  if (!written.ok) return written;
  await recordAudit(
    { actor: author.email, action: "catalog.upstream_reviewed", target: "upstream", before: { known: summary.known }, after: { added: summary.added, removed: summary.removed, reviewedAt }, ip: author.ip },
    { kv: deps.kv, clock: deps.clock },
  );
  return ok({ reviewedAt });
}
