import { describe, expect, it } from "vitest";
import { noteText, noteWords } from "./event-notes";

describe("an order event's note", () => {
  it("is stored in English from its kind and values, money formatted, and keeps its words", () => {
    const note = { kind: "ownerRefundAsked", values: { amount: { minor: 980, currency: "USD" }, by: "owner@shop.example", kind: "full", request: "r1" } } as const;
    expect(noteText(note)).toBe("owner refund of $9.80 asked by owner@shop.example (full, request r1)");
    expect(noteWords(note)).toEqual({ kind: "ownerRefundAsked", values: note.values });
  });

  it("fills in no value it was not given, and a plain string is English only", () => {
    expect(noteText({ kind: "reserved" })).toBe("reserved upstream (status {status})");
    expect(noteText({ kind: "paymentCaptured" })).toBe("payment captured");
    expect(noteText("confirm refused: 402")).toBe("confirm refused: 402");
    expect(noteWords("confirm refused: 402")).toBeUndefined();
  });
});
