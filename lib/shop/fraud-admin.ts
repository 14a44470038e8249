// What the admin's Fraud rules page reads and its owner's actions do: the rules (their amount
// caps shown in the currency the shop sells in, and saved in it: fraud-caps.ts; saved as the
// next version, refused when another was saved meanwhile), the blocklist, the breaker and the
// recent refusals; the Review page's settings and the Customers page's block of a buyer. Every
// change is audited with before and after, as the other owner actions are.
import type { Actor } from "@/lib/audit";
import type { BlockEntry } from "@/lib/fraud/block-port";
import type { BlockInput } from "@/lib/fraud/block-value";
import { breakerClosedBy, breakerOpen, closeBreaker, type BreakerClosed } from "@/lib/fraud/breaker";
import { listRefusals, type Refusal } from "@/lib/fraud/refusal-log";
import { saveReviewSettings, type ReviewSettings } from "@/lib/fraud/review-settings";
import { loadFraudRules, saveFraudRules, type CurrentRules, type SaveFraudRulesError, type StoredRules } from "@/lib/fraud/rules-store";
import { getKv } from "@/lib/kv/get-kv";
import type { Result } from "@/lib/result";
import { systemClock } from "@/lib/time/clock";
import { recordAudit } from "./audit";
import { clearAlert } from "./alerts";
import { botCheckWidget, CARD_TESTING_CAUSE, shopBlocklist, shopBlocklistNow } from "./fraud";
import { capsCurrency, fraudRulesIn, type CapsIn } from "./fraud-caps";
import { currentRules } from "@/lib/pricing/current-rules";
import { shopRulesDeps } from "./pricing";

export interface FraudOverview {
  rules: CurrentRules;
  /** The rules as the form shows them: amount caps in the currency the shop sells in now. */
  caps: CapsIn;
  blocklist: BlockEntry[];
  breakerOpen: boolean;
  /** Who closed it by hand since it last opened, if anyone. */
  breakerClosed: BreakerClosed | null;
  refusals: Refusal[];
  botCheck: "turnstile" | "sandbox" | "off";
}

const REFUSALS_SHOWN = 50;

export async function fraudOverview(): Promise<FraudOverview> {
  const kv = await getKv();
  const widget = botCheckWidget();
  const pricingDeps = await shopRulesDeps();
  const [rules, pricing, blocklist, open, closed, refusals] = await Promise.all([
    loadFraudRules(kv),
    currentRules(pricingDeps),
    shopBlocklist(kv).list(),
    breakerOpen(kv),
    breakerClosedBy(kv),
    listRefusals(kv, REFUSALS_SHOWN),
  ]);
  return { rules, caps: await fraudRulesIn(pricingDeps, rules, pricing.storeCurrency), blocklist, breakerOpen: open, breakerClosed: open ? null : closed, refusals, botCheck: widget === null ? "off" : widget.scriptUrl.startsWith("/") ? "sandbox" : "turnstile" };
}

/** `currency`: the one the form showed the amount caps in, so they are kept in the units the owner typed. */
export async function saveFraudRulesAsOwner(input: { expectedVersion: number; rules: unknown; currency: string }, author: Actor): Promise<Result<StoredRules, SaveFraudRulesError>> {
  const kv = await getKv();
  const before = await loadFraudRules(kv);
  const saved = await saveFraudRules({ kv, clock: systemClock }, { ...input, savedBy: author.email });
  if (saved.ok) {
    const was = { ...before.rules, currency: await capsCurrency(await shopRulesDeps(), before) };
    const after = { ...saved.value.rules, currency: saved.value.currency };
    await recordAudit({ actor: author.email, action: "fraud.rules_saved", target: `fraud-rules:v${saved.value.version}`, before: was, after, ip: author.ip });
  }
  return saved;
}

/** The owner has looked at the declines and reopens checkout at once; the breaker's alert closes too. */
export async function closeBreakerAsOwner(author: Actor): Promise<void> {
  const closed = await closeBreaker(await getKv(), { by: author.email, at: systemClock.now() });
  await clearAlert(CARD_TESTING_CAUSE);
  if (closed) await recordAudit({ actor: author.email, action: "fraud.breaker_closed", target: "fraud-breaker", before: { open: true }, after: { open: false }, ip: author.ip });
}

export async function blockAsOwner(input: BlockInput, author: Actor): Promise<void> {
  await (await shopBlocklistNow()).block({ ...input, by: author.email, at: systemClock.now() });
  await recordAudit({ actor: author.email, action: "fraud.blocked", target: `block:${input.kind}:${input.value}`, after: { reason: input.reason }, ip: author.ip });
}

export async function unblockAsOwner(input: { kind: BlockEntry["kind"]; value: string }, author: Actor): Promise<void> {
  const blocklist = await shopBlocklistNow();
  const before = (await blocklist.list()).find((entry) => entry.kind === input.kind && entry.value === input.value) ?? null;
  await blocklist.unblock(input.kind, input.value);
  if (before) await recordAudit({ actor: author.email, action: "fraud.unblocked", target: `block:${input.kind}:${input.value}`, before, ip: author.ip });
}

export async function saveReviewSettingsAsOwner(settings: ReviewSettings, author: Actor): Promise<void> {
  await saveReviewSettings(await getKv(), settings);
  await recordAudit({ actor: author.email, action: "fraud.review_settings_saved", target: "fraud:review-settings", after: settings, ip: author.ip });
}

/** The Customers page's block: the buyer's email and the card fingerprints seen on their orders. */
export async function blockBuyerAsOwner(buyer: { email: string; cards: string[] }, author: Actor): Promise<void> {
  const blocklist = await shopBlocklistNow();
  const at = systemClock.now();
  const reason = "blocked from the Customers page";
  await blocklist.block({ kind: "email", value: buyer.email, reason, by: author.email, at });
  await Promise.all(buyer.cards.map((card) => blocklist.block({ kind: "card", value: card, reason, by: author.email, at })));
  await recordAudit({ actor: author.email, action: "fraud.buyer_blocked", target: `email:${buyer.email}`, after: { cards: buyer.cards }, ip: author.ip });
}

export async function unblockBuyerAsOwner(buyer: { email: string; cards: string[] }, author: Actor): Promise<void> {
  const blocklist = await shopBlocklistNow();
  await blocklist.unblock("email", buyer.email);
  await Promise.all(buyer.cards.map((card) => blocklist.unblock("card", card)));
  await recordAudit({ actor: author.email, action: "fraud.buyer_unblocked", target: `email:${buyer.email}`, after: { cards: buyer.cards }, ip: author.ip });
}
