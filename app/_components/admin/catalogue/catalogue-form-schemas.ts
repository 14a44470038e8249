// The catalogue pages' form schemas by name: a client form cannot be handed a schema by the
// server page (it is not serialisable), so it names one and builds it here, from the same
// modules the server actions use. Browser-safe.
import { z } from "zod";
import type { PresentationSchemaOptions } from "@/lib/catalog/presentation/presentation-input";
import { FACE_VALUE_COMPARISONS } from "@/lib/catalog/presentation/presentation-settings";
import { bulkFormSchema } from "./bulk-form-schema";
import { presentationFormSchema } from "./presentation-form-schema";

/** Marking upstream reviewed sends back the fingerprint of the list the owner looked at. */
export const reviewFormSchema = z.object({ fingerprint: z.string({ error: "reload the page" }).min(1, { error: "reload the page" }).max(200) });

/** The owner's face-value comparison: one of the three choices. */
export const faceValueFormSchema = z.object({ comparison: z.enum(FACE_VALUE_COMPARISONS, { error: "pick one of the choices" }) });

export type CatalogueFormName = "bulk" | "presentation" | "review" | "faceValue";

export function catalogueFormSchema(name: CatalogueFormName, options: PresentationSchemaOptions): z.ZodType {
  switch (name) {
    case "bulk":
      return bulkFormSchema;
    case "presentation":
      return presentationFormSchema(options);
    case "review":
      return reviewFormSchema;
    case "faceValue":
      return faceValueFormSchema;
  }
}

/** The admin.catalogue.fields message naming a form field: "topUp.presets.2" is "topUp_presets". */
export function fieldLabelKey(field: string): string {
  return field
    .split(".")
    .filter((part) => !/^\d+$/.test(part))
    .join("_");
}
