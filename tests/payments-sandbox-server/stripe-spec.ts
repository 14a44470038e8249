// Reads Stripe's published OpenAPI description (never copied into this repository) and checks an
// object the sandbox answered against it: every field the description lists as `required` for
// the object's schema is present, null only where the schema says nullable, the same for every
// nested object the schema describes.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

/** Where the spec is looked for; the env var lets CI keep it elsewhere. */
export const STRIPE_SPEC_PATH = process.env.STRIPE_OPENAPI_SPEC ?? resolve(process.cwd(), "../shared/stripe-openapi/spec3.json");

interface Schema {
  $ref?: string;
  anyOf?: Schema[];
  type?: string;
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

export interface StripeSpec {
  /** Problems with `value`, each naming the field's path; empty when it conforms. */
  problems(value: unknown, path: string): string[];
  hasSchema(name: string): boolean;
}

export function loadStripeSpec(path = STRIPE_SPEC_PATH): StripeSpec | null {
  if (!existsSync(path)) return null;
  const spec = JSON.parse(readFileSync(path, "utf8")) as { components: { schemas: Record<string, Schema> } };
  const schemas = spec.components.schemas;
  const named = (ref: string): Schema | undefined => schemas[ref.replace("#/components/schemas/", "")];

  function check(schema: Schema | undefined, value: unknown, path: string, out: string[]): void {
    if (!schema || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => check(schema.items, item, `${path}[${index}]`, out));
      return;
    }
    const record = value as Record<string, unknown>;
    // An object that names its type is checked against that type's schema, wherever it sits
    // (an event's data.object, a list's data, an expanded field).
    const own = typeof record.object === "string" ? schemas[record.object] : undefined;
    const target = own ?? pick(schema, record);
    if (!target?.properties) return;
    for (const field of target.required ?? []) {
      if (!(field in record)) out.push(`${path}.${field} is missing`);
    }
    for (const [field, fieldValue] of Object.entries(record)) {
      const fieldSchema = target.properties[field];
      if (!fieldSchema) continue;
      if (fieldValue === null) {
        if (!fieldSchema.nullable) out.push(`${path}.${field} is null but not nullable`);
        continue;
      }
      const wrongType = typeMismatch(fieldSchema.type, fieldValue);
      if (wrongType) out.push(`${path}.${field} is ${wrongType}, not ${String(fieldSchema.type)}`);
      check(fieldSchema, fieldValue, `${path}.${field}`, out);
    }
  }

  /** What a value is instead of the schema's primitive type, or null when it fits (or the schema names none). */
  function typeMismatch(type: string | undefined, value: unknown): string | null {
    const actual = Array.isArray(value) ? "array" : typeof value;
    const fits: Record<string, boolean> = {
      string: actual === "string",
      boolean: actual === "boolean",
      number: actual === "number",
      integer: Number.isInteger(value),
      array: actual === "array",
      object: actual === "object",
    };
    return type === undefined || fits[type] !== false ? null : actual;
  }

  /** The object-shaped schema a value fits: through $ref and the object branch of anyOf. */
  function pick(schema: Schema, value: Record<string, unknown>): Schema | undefined {
    if (schema.$ref) return named(schema.$ref);
    if (schema.anyOf) {
      for (const branch of schema.anyOf) {
        const resolved = branch.$ref ? named(branch.$ref) : branch;
        if (resolved?.properties) return pick(resolved, value);
      }
      return undefined;
    }
    return schema;
  }

  return {
    hasSchema: (name) => name in schemas,
    problems(value, path) {
      const out: string[] = [];
      check({}, value, path, out);
      return out;
    },
  };
}

/** Every object (with an `object` field) inside a JSON value, depth first. */
export function objectsIn(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) objectsIn(item, found);
  else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.object === "string") found.push(record);
    for (const field of Object.values(record)) objectsIn(field, found);
  }
  return found;
}
