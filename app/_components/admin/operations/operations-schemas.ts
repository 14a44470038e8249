// The operations forms' schemas, shared by the browser's check and the server actions.
import { z } from "zod";

/** Empty clears the threshold; otherwise an amount in the balance's currency. */
export const thresholdSchema = z.object({ amount: z.string().trim().max(20).regex(/^(\d{1,9}([.,]\d{1,3})?)?$/, { error: "amount" }) });
export const pauseSchema = z.object({ paused: z.enum(["true", "false"]) });
