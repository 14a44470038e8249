import { z } from "zod";

// docs/partner-api-decisions.md item 2: numbers may arrive as strings in plain decimal notation.
// Integers take digits only (an optional leading "-"); no spaces, "+" or exponent.
const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

function fromText(pattern: RegExp) {
  return (value: unknown) => (typeof value === "string" && pattern.test(value) ? Number(value) : value);
}

/** An integer given as a JSON number or as a string of digits. */
export const wireInt = z.preprocess(
  fromText(INTEGER_TEXT),
  z.number({ error: "expected an integer" }).int({ error: "expected an integer" }).safe({ error: "integer out of range" }),
);

/** A catalogue id (game_id, voucher_id): a positive integer; "-432" is malformed, not unknown. */
export const wireId = z.preprocess(
  fromText(INTEGER_TEXT),
  z
    .number({ error: "expected a positive integer" })
    .int({ error: "expected a positive integer" })
    .positive({ error: "expected a positive integer" })
    .safe({ error: "integer out of range" }),
);

/** A finite number given as a JSON number or as a plain decimal string. */
export const wireNumber = z.preprocess(
  fromText(DECIMAL_TEXT),
  z.number({ error: "expected a number" }).finite({ error: "expected a finite number" }),
);

/** One numeric code (`400`), as a number or a string of digits. */
export function wireCode<N extends number>(code: N) {
  return z.preprocess(fromText(INTEGER_TEXT), z.literal(code, { error: `expected ${code}` }));
}

/** A string that must really be a JSON string: a number or boolean where a string is expected is a 400. */
export const wireString = z.string({ error: "expected a string" });

/** `0` or `1`, as a number or a string. */
export const wireFlag = z.preprocess(fromText(INTEGER_TEXT), z.union([z.literal(0), z.literal(1)], { error: "expected 0 or 1" }));

/** docs/partner-api-decisions.md item 11: 1–128 ASCII letters and digits. */
export const extOrderId = wireString
  .min(1, { error: "ext_order_id must not be empty" })
  .max(128, { error: "ext_order_id must be at most 128 characters" })
  .regex(/^[A-Za-z0-9]+$/, { error: "ext_order_id must contain only ASCII letters and digits" });
