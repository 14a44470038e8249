import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_SETTINGS, readReviewSettings, saveReviewSettings } from "@/lib/fraud/review-settings";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { reviewDefaultsFor } from "./fraud";

describe("the review settings a shop starts with", () => {
  it("holds a live shop's fourth order per card a day, but never a demo's (every visitor pays with one test card)", () => {
    expect(reviewDefaultsFor("live").cardOrdersToReview).toBe(3);
    expect(reviewDefaultsFor("demo").cardOrdersToReview).toBe(1000);
    // Only that limit differs: risk, declines, country and warnings are screened in a demo too.
    expect({ ...reviewDefaultsFor("demo"), cardOrdersToReview: 3 }).toEqual(DEFAULT_REVIEW_SETTINGS);
  });

  it("uses the mode's defaults until the owner saves, then the owner's", async () => {
    const kv = createMemoryKv();
    expect(await readReviewSettings(kv, reviewDefaultsFor("demo"))).toEqual(reviewDefaultsFor("demo"));
    await saveReviewSettings(kv, { ...DEFAULT_REVIEW_SETTINGS, cardOrdersToReview: 5 });
    expect((await readReviewSettings(kv, reviewDefaultsFor("demo"))).cardOrdersToReview).toBe(5);
  });
});
