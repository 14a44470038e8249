// npm run bench (first) or `npx tsx bench/pricing-preview.ts` alone – the admin's preview of a
// global rule change over 10,000 generated vouchers (goal: p95 under 200 ms). Vouchers span 400
// services, 60 brands and costs in USD, EUR, JPY and KWD, with face values; the proposed rules
// change the global markup and add tiers, charm rounding, a minimum margin, a ceiling for one
// brand and the payment fee estimate, so every row goes through every step of the pricing.
import { performance } from "node:perf_hooks";
import { compileRules } from "@/lib/pricing/compile-rules";
import { previewRuleChange, type PreviewVoucher } from "@/lib/pricing/preview-rule-change";
import { ruleSetSchema, type RuleContentInput } from "@/lib/pricing/rule-set";

const VOUCHERS = Number(process.env.BENCH_PREVIEW_VOUCHERS ?? 10_000);
const RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 60);
const CURRENCIES = [
  { code: "USD", scale: 100 },
  { code: "EUR", scale: 100 },
  { code: "JPY", scale: 1 },
  { code: "KWD", scale: 1000 },
];

/** A fixed pseudo-random sequence, so every run prices the same catalogue. */
function* numbers(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

function generateVouchers(count: number): PreviewVoucher[] {
  const random = numbers(42);
  const next = () => random.next().value as number;
  return Array.from({ length: count }, (_, i) => {
    const currency = CURRENCIES[i % CURRENCIES.length]!;
    const units = 1 + Math.floor(next() * 200);
    const face = units * currency.scale * (currency.code === "JPY" ? 100 : 1);
    const cost = Math.floor(face * (0.8 + next() * 0.18));
    const serviceId = 1 + (i % 400);
    return {
      serviceId,
      voucherId: 100_000 + i,
      brand: `Brand ${serviceId % 60}`,
      name: `Card ${i}`,
      serviceName: `Game ${serviceId}`,
      cost: { minor: cost, currency: currency.code },
      faceValue: { minor: face, currency: currency.code },
    };
  });
}

function rules(version: number, content: Omit<RuleContentInput, "storeCurrency" | "rates">) {
  return compileRules(
    ruleSetSchema.parse({
      version,
      savedAt: 0,
      savedBy: "bench",
      note: "",
      storeCurrency: "USD",
      rates: { EUR: { rate: "1.08", setAt: 0 }, JPY: { rate: "0.0067", setAt: 0 }, KWD: { rate: "3.25", setAt: 0 } },
      ...content,
    }),
  );
}

function main(): void {
  const vouchers = generateVouchers(VOUCHERS);
  const current = rules(1, { global: { markupPercent: "10" } });
  const proposedSet = (run: number) =>
    rules(run + 2, {
      paymentFee: { percent: "2.9", fixedMinor: 30 },
      global: {
        // A new markup each run, so no run is answered from a compiled set of the one before.
        markupPercent: `12.${run}`,
        tiers: [
          { fromCostMinor: 5_000, markupPercent: "9" },
          { fromCostMinor: 20_000, markupPercent: "7" },
        ],
        rounding: { mode: "charm_99" },
        minMargin: { minor: 50, percent: "2" },
      },
      brands: { "brand-7": { markupPercent: "25", ceiling: { faceValuePercent: "100" } } },
    });

  const times: number[] = [];
  let touched = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    // What the admin's request does: compile the proposed set, then price every voucher twice.
    const preview = previewRuleChange(current, proposedSet(run), vouchers);
    times.push(performance.now() - started);
    touched = preview.counts.touched;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  console.log(`\nPricing preview of a global rule over ${VOUCHERS.toLocaleString("en")} vouchers, ${RUNS} runs (${touched.toLocaleString("en")} rows touched)`);
  console.log(`p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms   max ${at(1).toFixed(1)} ms   (goal p95 < 200 ms)`);
}

main();
