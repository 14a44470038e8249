// The CSV export: formula-injection-safe cells, and the filtered list streamed in full.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { neutraliseCell } from "@/lib/order-list/csv-cell";
import { ORDER_CSV_COLUMNS, csvRecord, orderCsvStream } from "@/lib/order-list/order-csv";
import { toRow } from "@/lib/order-list/order-row";
import { sampleOrder } from "./sample-order";

const dir = await mkdtemp(join(tmpdir(), "order-csv-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("CSV cells", () => {
  it.each([
    ["=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["a=b", "a=b"],
    ["buyer@example.com", "buyer@example.com"],
    ["", ""],
  ])("%j becomes %j", (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });

  it("neutralises every field of a row, product names and alerts included", () => {
    const row = toRow(sampleOrder({ alert: "@alert", item: { kind: "voucher", gameId: 1, voucherId: 2, name: "+Card", deliveryMethod: "voucher_code" } }));
    const record = csvRecord(row);
    expect(record).toHaveLength(ORDER_CSV_COLUMNS.length);
    expect(record[ORDER_CSV_COLUMNS.indexOf("product")]).toBe("'+Card");
    expect(record[ORDER_CSV_COLUMNS.indexOf("alert")]).toBe("'@alert");
    expect(record[ORDER_CSV_COLUMNS.indexOf("price")]).toBe("11.00");
  });
});

describe("CSV export stream", () => {
  it("streams every matching order past many pages, with a header, newest first", async () => {
    const kv = createEmbeddedKv({ dir });
    const store = createOrderStore(kv, { now: () => 0 });
    const T0 = Date.parse("2027-03-01T00:00:00Z");
    for (let i = 0; i < 250; i++) {
      const id = `01KC${String(i).padStart(22, "0")}`;
      await store.create(sampleOrder({ id, createdAt: T0 + i, test: i % 2 === 0 }));
    }
    const stream = await orderCsvStream(kv, { mode: "test" });
    if (!stream.ok) throw new Error(stream.error.code);
    const text = await new Response(stream.value).text();
    // No cell of these orders holds a comma, quote or line break, so a plain split reads them.
    const rows = text.trimEnd().split("\n").map((line) => line.split(","));
    expect(rows[0]).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + 125);
    expect(rows[1]?.[0]).toBe(`01KC${String(248).padStart(22, "0")}`);
    expect(rows[1]?.[1]).toBe(new Date(T0 + 248).toISOString());
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(125);
    await kv.close();
  });
});
