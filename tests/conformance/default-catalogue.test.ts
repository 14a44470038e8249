// The bundled default fixture, walked as an integrator would: every service and voucher it
// serves must read like the spec's resources (2.3, 2.4 with its account rules), cover the
// shapes docs/sandbox-fixture.md promises, and the services of spec 4.9 must answer account checks.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import type { Fixture } from "@/lib/sandbox/fixture/schema";
import { asArray, asObject, createHarness, type Harness, type JsonObject, type PartnerClient } from "./harness";
import { ACCOUNT_FIELD_KEYS, expectExactKeys, SERVICE_KEYS, VOUCHER_KEYS } from "./shapes";

let fixture: Fixture;
let h: Harness;
beforeAll(async () => {
  fixture = await loadFixture();
});
afterEach(() => h.close());

async function openPartner(): Promise<PartnerClient> {
  h = createHarness({ fixture });
  const partner = fixture.partners.find((p) => p.service_ids === null);
  if (!partner) throw new Error("the default fixture has no partner with access to every service");
  return h.as(partner);
}

async function catalogue(client: PartnerClient): Promise<{ services: JsonObject[]; vouchers: Map<number, JsonObject[]> }> {
  const services = asArray((await client.get("/api/gameslist")).body.available_games).map((s) => asObject(s));
  const vouchers = new Map<number, JsonObject[]>();
  for (const service of services) {
    if (service.type !== "voucher" || service.avalible !== true) continue;
    const res = await client.get("/api/voucher_available", { game_id: String(service.id) });
    if (res.status !== 200) continue;
    vouchers.set(Number(service.id), asArray(res.body.available).map((v) => asObject(v)));
  }
  return { services, vouchers };
}

describe("the default fixture's catalogue", () => {
  it("serves at least 30 services, each in the fields and value domains of 2.3", async () => {
    const { services } = await catalogue(await openPartner());
    expect(services.length).toBeGreaterThanOrEqual(30);
    for (const s of services) {
      const what = `service ${String(s.id)}`;
      expectExactKeys(s, SERVICE_KEYS, what);
      expect(Number.isInteger(s.id), what).toBe(true);
      expect(["balance", "voucher"], what).toContain(s.type);
      expect(s.region === null || ["GLOBAL", "EU", "MENA", "LATAM", "ROW"].includes(String(s.region)), what).toBe(true);
      expect(s.country === null || /^[A-Z]{2}$/.test(String(s.country)), what).toBe(true);
      // Country-specific services carry no region; regional ones no country.
      expect(s.country === null || s.region === null, what).toBe(true);
      expect(Number(s.delivery_time_target_minutes), what).toBeLessThanOrEqual(Number(s.delivery_time_max_minutes));
      for (const key of ["avalible", "request", "account_check", "has_voucher_discounts"]) expect(typeof s[key], `${what} ${key}`).toBe("boolean");
    }
  });

  it("covers the shapes the fixture format promises", async () => {
    const { services, vouchers } = await catalogue(await openPartner());
    const all = [...vouchers.values()].flat();
    expect(services.some((s) => s.type === "balance")).toBe(true);
    expect(services.some((s) => s.request === true)).toBe(true);
    expect(services.some((s) => s.activation === "auto")).toBe(true);
    expect(services.some((s) => s.activation === "manual")).toBe(true);
    expect(services.some((s) => s.avalible === false)).toBe(true);
    expect(all.some((v) => v.delivery_method === "voucher_code")).toBe(true);
    expect(all.some((v) => v.delivery_method === "direct_topup")).toBe(true);
    expect(all.some((v) => v.avalible === false)).toBe(true);
    expect(all.some((v) => v.account_need === true && v.account_fields === undefined)).toBe(true);
    expect(all.some((v) => Array.isArray(v.account_fields))).toBe(true);
    const ids = services.map((s) => s.id);
    for (const id of [1, 432, 431, 426, 92837]) expect(ids, `spec 4.9 service ${id}`).toContain(id);
    for (const id of [1, 432, 431, 426, 92837]) expect(services.find((s) => s.id === id)?.account_check, `account_check of ${id}`).toBe(true);
  });

  it("serves every voucher in the fields of 2.4 and follows the account rules", async () => {
    const { vouchers } = await catalogue(await openPartner());
    for (const [serviceId, list] of vouchers) {
      for (const v of list) {
        const what = `voucher ${String(v.voucher_id)} of ${serviceId}`;
        const keys = Object.keys(v);
        expect(keys, what).toEqual(VOUCHER_KEYS.filter((k) => keys.includes(k)));
        for (const key of VOUCHER_KEYS.slice(0, 12)) expect(keys, `${what} has ${key}`).toContain(key);
        // Rule 1: an account format whenever an account is needed, none otherwise.
        expect(v.account_format !== undefined, `${what} account_format iff account_need`).toBe(v.account_need === true);
        if (v.delivery_method === "direct_topup") expect(v.account_need, what).toBe(true);
        if (v.delivery_method === "voucher_code") expect(v.account_need, what).toBe(false);
        // Rules 2 and 3: separator and fields together, only for several values.
        expect(v.account_separator === undefined, what).toBe(v.account_fields === undefined);
        if (v.account_fields !== undefined) {
          const fields = asArray(v.account_fields).map((f) => asObject(f));
          for (const f of fields) expectExactKeys(f, ACCOUNT_FIELD_KEYS, `${what} account field`);
          const names = [...fields].sort((a, b) => Number(a.position) - Number(b.position)).map((f) => f.name);
          expect(names, what).toEqual(String(v.account_format).split(String(v.account_separator)));
          expect(fields.map((f) => f.position).sort(), what).toEqual(fields.map((_, i) => i + 1).sort());
        }
      }
    }
  });

  it("computes the voucher discount fields from the vouchers it serves (decision 26)", async () => {
    const { services, vouchers } = await catalogue(await openPartner());
    for (const [serviceId, list] of vouchers) {
      const s = services.find((x) => x.id === serviceId);
      const rates = list.map((v) => Number(v.discount_rate));
      expect(s?.has_voucher_discounts, `service ${serviceId}`).toBe(rates.some((r) => r > 0));
      expect(s?.max_voucher_discount_percent, `service ${serviceId}`).toBe(Math.max(...rates));
      expect(s?.min_voucher_discount_percent, `service ${serviceId}`).toBe(Math.min(...rates));
    }
  });

  it("confirms every fixture player through /api/account_check", async () => {
    const client = await openPartner();
    expect(fixture.players.length).toBeGreaterThan(0);
    for (const player of fixture.players) {
      const res = await client.get("/api/account_check", { game_id: String(player.game_id), account: player.account });
      expect(res.status, res.text).toBe(200);
      expect(res.body, `player ${player.account} of ${player.game_id}`).toMatchObject({
        success: true,
        game_id: player.game_id,
        account: player.account,
        player_name: player.player_name,
        region: player.region,
      });
    }
  });
});
