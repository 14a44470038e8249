// What the owner may say about a service, as the admin's forms send it: one schema for the form
// in the browser and for the server action that saves it, so both name the same field for the
// same mistake. Text left empty means "upstream's words" and is stored as null. Browser-safe:
// nothing here reads settings or KV (the allowed image hosts are given by the caller).
import { z } from "zod";
import { imageRefProblem, type ImageRefProblem } from "./image-ref";
import { firstIssue } from "@/lib/http/first-issue";

/** Longest display name, short and long description: enough for any shop, small enough for one KV entry. */
export const PRESENTATION_LIMITS = { name: 120, summary: 300, description: 20_000, presets: 6, hiddenVouchers: 500 } as const;

const id = z.number({ error: "expected a positive whole number" }).int({ error: "expected a whole number" }).positive({ error: "expected a positive number" }).max(Number.MAX_SAFE_INTEGER);

/** One line of text, or null: an empty field falls back to upstream's words. */
const line = (max: number) =>
  z
    .string({ error: "expected text" })
    .trim()
    .max(max, { error: `at most ${max} characters` })
    .refine((text) => !/\p{Cc}/u.test(text), { error: "one line, without control characters" })
    .transform((text) => (text === "" ? null : text))
    .nullable();

/** Markdown, or null; rendered by lib/catalog/presentation/markdown-options.ts, never as raw HTML. */
const markdown = z
  .string({ error: "expected text" })
  .trim()
  .max(PRESENTATION_LIMITS.description, { error: `at most ${PRESENTATION_LIMITS.description} characters` })
  .transform((text) => (text === "" ? null : text))
  .nullable();

const localized = <T extends z.ZodType>(text: T) => z.object({ en: text, zh: text });

const IMAGE_PROBLEMS: Record<ImageRefProblem, string> = {
  not_https: "expected an https:// address",
  host_not_allowed: "this image host is not allowed (SHOP_IMAGE_HOSTS)",
  not_an_image_path: "expected a path of an image in public/, such as /brands/game.png",
  not_a_url: "expected an https:// address or a path in public/",
};

/** An image as typed: empty for none, a path in public/, or an https URL on one of `hosts`. */
export function imageRefSchema(hosts: readonly string[]) {
  return z
    .string({ error: "expected an image address" })
    .trim()
    .max(2048, { error: "at most 2048 characters" })
    .superRefine((ref, ctx) => {
      const problem = ref === "" ? null : imageRefProblem(ref, hosts);
      if (problem) ctx.addIssue({ code: "custom", message: IMAGE_PROBLEMS[problem] });
    })
    .transform((ref) => (ref === "" ? null : ref))
    .nullable();
}

/**
 * A balance top-up's allowed amounts, in minor units of `currency` (the service's settlement
 * currency). The form converts what the owner types with lib/money; the checkout checks the range
 * again on the server. Presets must lie inside the range.
 */
export const topUpRangeSchema = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, { error: "expected a 3-letter currency code" }),
    minMinor: id,
    maxMinor: id,
    presetsMinor: z.array(id).max(PRESENTATION_LIMITS.presets, { error: `at most ${PRESENTATION_LIMITS.presets} presets` }),
  })
  .superRefine((range, ctx) => {
    if (range.maxMinor < range.minMinor) ctx.addIssue({ code: "custom", path: ["maxMinor"], message: "must not be below the minimum" });
    range.presetsMinor.forEach((preset, index) => {
      if (preset < range.minMinor || preset > range.maxMinor) ctx.addIssue({ code: "custom", path: ["presetsMinor", index], message: "must lie inside the range" });
      if (range.presetsMinor.indexOf(preset) !== index) ctx.addIssue({ code: "custom", path: ["presetsMinor", index], message: "given twice" });
    });
  });

export type TopUpRange = z.infer<typeof topUpRangeSchema>;

export interface PresentationSchemaOptions {
  /** Allowed image hosts, lower case (the server's SHOP_IMAGE_HOSTS, handed to the form). */
  imageHosts: readonly string[];
}

/** Everything the owner sets for one service, replacing what was stored. */
export function servicePresentationInputSchema({ imageHosts }: PresentationSchemaOptions) {
  return z.object({
    name: localized(line(PRESENTATION_LIMITS.name)),
    /** The short description under the name. */
    summary: localized(line(PRESENTATION_LIMITS.summary)),
    /** The long description, Markdown. */
    description: localized(markdown),
    image: imageRefSchema(imageHosts),
    featured: z.boolean({ error: "expected true or false" }),
    hidden: z.boolean({ error: "expected true or false" }),
    /** Lower comes first under "Recommended", after featured; null: by sales and name. */
    sortOrder: z.number({ error: "expected a number" }).int({ error: "expected a whole number" }).min(-99_999).max(99_999).nullable(),
    /** Balance top-ups only; null: the currency's defaults (lib/catalog/top-up-defaults.ts). */
    topUp: topUpRangeSchema.nullable(),
    /** Vouchers (denominations) of this service that are not offered. */
    hiddenVouchers: z
      .array(id)
      .max(PRESENTATION_LIMITS.hiddenVouchers, { error: `at most ${PRESENTATION_LIMITS.hiddenVouchers} vouchers` })
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  });
}

export type ServicePresentationInput = z.input<ReturnType<typeof servicePresentationInputSchema>>;
export type ServicePresentation = z.output<ReturnType<typeof servicePresentationInputSchema>>;

/** One action over many services, as the admin's list sends it. */
export const bulkActionSchema = z.object({
  action: z.enum(["hide", "show", "feature", "unfeature"], { error: "expected hide, show, feature or unfeature" }),
  ids: z
    .array(id)
    .min(1, { error: "choose at least one product" })
    .max(1000, { error: "at most 1000 products at once" })
    .transform((ids) => [...new Set(ids)]),
});

export type BulkAction = z.output<typeof bulkActionSchema>;

/** The first problem of a failed parse as the forms show it: the field's path and the words. */
export interface FieldProblem {
  code: "invalid";
  /** Dotted path, e.g. "topUp.presetsMinor.1" or "name.zh". */
  field: string;
  message: string;
}

export function fieldProblem(error: z.ZodError): FieldProblem {
  return { code: "invalid", ...firstIssue(error, "") };
}
