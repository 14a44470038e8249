// The presentation as KV keeps it, per upstream (service ids of one upstream mean nothing to
// another). One index holds every service's flags and short words, so a catalogue read costs one
// GET however many services there are (the Kv interface has no multi-get); long descriptions
// live in a key per service, read only by that product's page.
import { z } from "zod";
import { topUpRangeSchema } from "./presentation-input";

const words = z.object({ en: z.string().nullable(), zh: z.string().nullable() });

export const serviceEntrySchema = z.object({
  name: words,
  summary: words,
  image: z.string().nullable(),
  featured: z.boolean(),
  /** null: as CATALOG_NEW_SERVICES says while the owner has not reviewed the service. */
  hidden: z.boolean().nullable(),
  sortOrder: z.number().int().nullable(),
  topUp: topUpRangeSchema.nullable(),
  hiddenVouchers: z.array(z.number().int()),
  /** A long description is stored under PRESENTATION_KEYS.description. */
  described: z.boolean(),
  /** When the owner last changed it (ms since epoch); null: never. */
  updatedAt: z.number().int().nullable(),
});

export type ServiceEntry = z.infer<typeof serviceEntrySchema>;

export const presentationIndexSchema = z.object({
  /** Service ids the owner has seen (on first start: every one there was); others are new. */
  known: z.array(z.number().int()),
  services: z.record(z.string().regex(/^\d+$/), serviceEntrySchema),
  /** Names the write that stored this text, so a writer whose reply was lost can tell it landed. */
  writeId: z.string().optional(),
});

export type PresentationIndex = z.infer<typeof presentationIndexSchema>;

export const longDescriptionSchema = words;
export type LongDescription = z.infer<typeof longDescriptionSchema>;

/** A service with nothing said about it: upstream's words, shown unless it is new and new ones wait. */
export const BLANK_ENTRY: ServiceEntry = {
  name: { en: null, zh: null },
  summary: { en: null, zh: null },
  image: null,
  featured: false,
  hidden: null,
  sortOrder: null,
  topUp: null,
  hiddenVouchers: [],
  described: false,
  updatedAt: null,
};

export const PRESENTATION_KEYS = {
  index: (upstream: string) => `presentation:${upstream}:index`,
  description: (upstream: string, serviceId: number) => `presentation:${upstream}:description:${serviceId}`,
  reviewed: (upstream: string) => `presentation:${upstream}:reviewed`,
};
