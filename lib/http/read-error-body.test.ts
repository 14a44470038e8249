import { describe, expect, it } from "vitest";
import { errorBodySchema } from "./error-body";
import { readErrorBody } from "./read-error-body";

// Bodies a page may get back: envelopes, near misses and things that are no envelope at all.
const BODIES: unknown[] = [
  { error: "refused", message: "Enter an amount", field: "amount", problem: { code: "empty" } },
  { error: "rate_limited", message: "Too many" },
  { error: "not_found", message: "No such product", field: "product" },
  { error: "no_such_code", message: "x" },
  { error: "refused" },
  { error: "refused", message: 5 },
  { error: "refused", message: "x", field: 3 },
  { error: "refused", message: "x", field: null },
  { message: "x" },
  ["refused", "x"],
  "refused",
  null,
  undefined,
  42,
];

describe("reading an error envelope in the browser", () => {
  it("accepts exactly what errorBodySchema accepts, keeping every detail", () => {
    for (const body of BODIES) {
      const parsed = errorBodySchema.safeParse(body);
      expect(readErrorBody(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
