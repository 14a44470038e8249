import { describe, expect, it } from "vitest";
import { json } from "@/tests/support/partner-client/fake-service";
import { reviseBody, serviceBody, voucherBody } from "@/tests/support/partner-client/sample-bodies";
import { setupClient } from "@/tests/support/partner-client/setup-client";
import type { SkippedItem } from "./skip-bad-items";

function setupRecording() {
  const skipped: SkippedItem[] = [];
  return { skipped, ...setupClient({ onSkippedItem: (item) => skipped.push(item) }) };
}

describe("lists with an item the schema refuses", () => {
  it("serves the other services when one has a type the spec does not list", async () => {
    const { service, client, skipped } = setupRecording();
    const second = { ...serviceBody, id: 2, type: "subscription" };
    const third = { ...serviceBody, id: 3, game_name: "Wallet", type: "balance" };
    service.on("GET /api/gameslist", () => json(200, { available_games: [serviceBody, second, third] }));
    const result = await client.gamesList();
    expect(result).toEqual({ ok: true, value: { available_games: [serviceBody, third] } });
    expect(skipped).toEqual([
      { endpoint: "GET /api/gameslist", field: "available_games", index: 1, id: 2, issue: expect.stringMatching(/^type: /) },
    ]);
  });

  it("serves the other vouchers when one has a delivery_method the spec does not list", async () => {
    const { service, client, skipped } = setupRecording();
    const pigeon = { ...voucherBody, voucher_id: 502, delivery_method: "carrier_pigeon" };
    const other = { ...voucherBody, voucher_id: 503 };
    service.on("GET /api/voucher_available", () => json(200, { game_id: 1, available: [pigeon, voucherBody, other] }));
    const result = await client.voucherAvailable(1);
    expect(result).toEqual({ ok: true, value: { game_id: 1, available: [voucherBody, other] } });
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ endpoint: "GET /api/voucher_available", field: "available", index: 0, id: 502 });
    expect(skipped[0]?.issue).toMatch(/^delivery_method: /);
  });

  it("reports an item without a readable id or missing a field, once each", async () => {
    const { service, client, skipped } = setupRecording();
    const noId: Record<string, unknown> = { ...voucherBody };
    delete noId.voucher_id;
    const noName: Record<string, unknown> = { ...voucherBody, voucher_id: 9 };
    delete noName.voucher_name;
    service.on("GET /api/voucher_available", () => json(200, { game_id: 1, available: [noId, "junk", noName] }));
    const result = await client.voucherAvailable(1);
    expect(result).toEqual({ ok: true, value: { game_id: 1, available: [] } });
    expect(skipped.map(({ index, id, issue }) => [index, id, issue.split(":")[0]])).toEqual([
      [0, null, "voucher_id"],
      [1, null, "(item)"],
      [2, 9, "voucher_name"],
    ]);
  });

  it("applies to the mismatches of /api/revise too", async () => {
    const { service, client, skipped } = setupRecording();
    const odd = { ...reviseBody.revise_payments_mismatches[0], order_id: "1000", mismatch_reason: "cosmic_rays" };
    const body = { ...reviseBody, revise_payments_mismatches: [...reviseBody.revise_payments_mismatches, odd] };
    service.on("POST /api/revise", () => json(200, body));
    const result = await client.revise({ date_from: "2026-01-01", date_to: "2026-01-02", payments: [] });
    expect(result).toEqual({ ok: true, value: reviseBody });
    expect(skipped.map((s) => [s.field, s.index, s.id])).toEqual([["revise_payments_mismatches", 1, "1000"]]);
  });

  it("still refuses an answer whose list is not a list", async () => {
    const { service, client, skipped } = setupRecording();
    service.on("GET /api/gameslist", () => json(200, { available_games: "none" }));
    const result = await client.gamesList();
    expect(result.ok ? null : [result.error.code, result.error.text]).toEqual([
      "invalid_response",
      expect.stringContaining("available_games:"),
    ]);
    expect(skipped).toEqual([]);
  });
});
