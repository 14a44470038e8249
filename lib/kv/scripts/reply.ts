// Result schemas shared by the scripts: a reply that is the same on every driver.
import { z } from "zod";

export const integerReply = z.number().int();

/** A Lua 1/0 answer as a boolean. */
export const flagReply = z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1);

export const stringOrNullReply = z.string().nullable();
