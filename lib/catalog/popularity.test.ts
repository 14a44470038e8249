import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { readSales, recordSale } from "./popularity";

describe("popularity", () => {
  it("counts each completed order once per product", async () => {
    const kv = createMemoryKv();
    await recordSale(kv, "A", 7);
    await recordSale(kv, "A", 7);
    await recordSale(kv, "B", 7);
    await recordSale(kv, "C", 9);
    expect(await readSales(kv)).toEqual(new Map([[7, 2], [9, 1]]));
  });

  it("knows no sales before the first order", async () => {
    expect(await readSales(createMemoryKv())).toEqual(new Map());
  });
});
