// The Review page's settings form, as the browser sends it (strings, a checkbox present or not),
// checked in the browser and again by its server action, then turned into ReviewSettings.
import { z } from "zod";
import { reviewSettingsSchema, type ReviewSettings } from "@/lib/fraud/review-settings";

const action = z.enum(["allow", "review", "block"], { error: "choose allow, review or block" });
const shape = reviewSettingsSchema.shape;

export const reviewSettingsFormSchema = z.object({
  riskNormal: action,
  riskElevated: action,
  riskHighest: action,
  allowAuthenticated: z.literal("yes").optional(),
  cardOrdersToReview: shape.cardOrdersToReview,
  cardDeclinesToReview: shape.cardDeclinesToReview,
  cardDeclinesToBlock: shape.cardDeclinesToBlock,
  windowHours: shape.windowHours,
  countryMismatch: action,
  threeDSecure: shape.threeDSecure,
  reviewHours: shape.reviewHours,
  refundOnWarning: shape.refundOnWarning,
});

export function settingsOfForm(form: z.infer<typeof reviewSettingsFormSchema>): ReviewSettings {
  const { riskNormal, riskElevated, riskHighest, allowAuthenticated, ...rest } = form;
  return { ...rest, risk: { normal: riskNormal, elevated: riskElevated, highest: riskHighest }, allowAuthenticated: allowAuthenticated === "yes" };
}
