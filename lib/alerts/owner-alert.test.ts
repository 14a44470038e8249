import { describe, expect, it } from "vitest";
import { alertInputSchema } from "./alert-record";
import { ownerAlert } from "./owner-alert";

describe("the checkout's alertOwner as an alert", () => {
  it("is one alert per order, and one per order the sweep cannot advance, linking to the order's admin page", () => {
    const captured = { text: "a released order's payment is captured: refund it", words: { kind: "releasedCaptured", values: {} } };
    const order = ownerAlert("01KF0RDQG0M3SJGCGNZDBBVG7B", captured);
    const sweep = ownerAlert("01KF0RDQG0M3SJGCGNZDBBVG7B", { text: "the sweep cannot advance this order (threw)", words: { kind: "sweepStuck", values: { code: "threw", minutes: 15 } } }, "sweep");
    expect(order).toEqual({
      cause: "order:01KF0RDQG0M3SJGCGNZDBBVG7B",
      title: "Order 01KF0RDQG0M3SJGCGNZDBBVG7B needs the owner",
      detail: "a released order's payment is captured: refund it",
      orderId: "01KF0RDQG0M3SJGCGNZDBBVG7B",
      link: "/admin/orders/01KF0RDQG0M3SJGCGNZDBBVG7B",
      // The admin says the title and the detail in the reader's language from these.
      words: { kind: "order", values: { orderId: "01KF0RDQG0M3SJGCGNZDBBVG7B" }, detail: captured.words },
    });
    expect(sweep).toMatchObject({ cause: "sweep:01KF0RDQG0M3SJGCGNZDBBVG7B", title: "The sweep cannot advance order 01KF0RDQG0M3SJGCGNZDBBVG7B" });
    // What upstream did unexpected is a cause of its own: a stuck order's alert does not hide it.
    const delivered = { kind: "deliveredWhileHeld", values: { status: 2, state: "failed" } };
    const surprise = ownerAlert("01KF0RDQG0M3SJGCGNZDBBVG7B", { text: "upstream delivered it (status 2) while we hold it as failed", words: { kind: "surprise", values: { source: "re_read" }, parts: { surprise: delivered } } }, "surprise");
    expect(surprise).toMatchObject({ cause: "surprise:01KF0RDQG0M3SJGCGNZDBBVG7B", link: "/admin/orders/01KF0RDQG0M3SJGCGNZDBBVG7B" });
    expect(alertInputSchema.safeParse(surprise).success).toBe(true);
    // Both pass the alerts' own input check, so none is refused at raise time.
    expect(alertInputSchema.safeParse(order).success).toBe(true);
    expect(alertInputSchema.safeParse(sweep).success).toBe(true);
  });
});

describe("an alert's input", () => {
  it("cuts an overlong title or detail rather than losing the alert", () => {
    const parsed = alertInputSchema.parse({ cause: "order:x", title: "t".repeat(300), detail: "d".repeat(5000) });
    expect([parsed.title.length, parsed.detail.length]).toEqual([200, 4000]);
  });
});
