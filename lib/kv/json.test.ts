import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { KvError } from "./kv-error";
import { getJson, getJsonOrNull, parseJsonOrNull, setJson } from "./json";

const pointSchema = z.object({ x: z.number() });

describe("JSON in KV", () => {
  it("reads back what was written, checked by the schema", async () => {
    const kv = createMemoryKv();
    await setJson(kv, "p", { x: 1 });
    expect(await getJson(kv, "p", pointSchema)).toEqual({ x: 1 });
    expect(await getJsonOrNull(kv, "p", pointSchema)).toEqual({ x: 1 });
    expect(await getJson(kv, "missing", pointSchema)).toBeNull();
    expect(await getJsonOrNull(kv, "missing", pointSchema)).toBeNull();
  });

  it("refuses an unreadable value in getJson, naming the key, and reads it as null in getJsonOrNull", async () => {
    const kv = createMemoryKv();
    await kv.set("text", "not json");
    await kv.set("shape", JSON.stringify({ x: "one" }));
    for (const key of ["text", "shape"]) {
      const refused = await getJson(kv, key, pointSchema).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(KvError);
      expect(refused).toMatchObject({ code: "invalid_value", message: expect.stringContaining(`"${key}"`) });
      expect(await getJsonOrNull(kv, key, pointSchema)).toBeNull();
    }
    expect(parseJsonOrNull("{", pointSchema)).toBeNull();
    expect(parseJsonOrNull('{"x":2}', pointSchema)).toEqual({ x: 2 });
  });
});
