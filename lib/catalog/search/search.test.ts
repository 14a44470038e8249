import { describe, expect, it } from "vitest";
import { matchScore, searchableText, typosAllowed } from "./match-query";
import { normaliseText, queryTerms } from "./search-text";
import { suggestNames } from "./suggest";

const text = (words: string) => searchableText(normaliseText(words));

describe("search text", () => {
  it("drops case, accents and punctuation", () => {
    expect(normaliseText("Pokémon Café: Top-Up!")).toBe("pokemon cafe top up");
  });

  it("spells out short names, and reads a two-word spelling as one term", () => {
    expect(queryTerms("PSN card")).toEqual([["psn", "playstation"], ["card"]]);
    expect(queryTerms("top up")).toEqual([["topup", "top up"]]);
    expect(queryTerms("  ")).toEqual([]);
  });
});

describe("matching a query", () => {
  const diamonds = text("Mythic Realms Diamonds (Russia) Mobile");

  it("needs every term, exact words scoring above word starts and typos", () => {
    expect(matchScore("mythic diamonds", diamonds)).toBe(6);
    expect(matchScore("myth", diamonds)).toBe(2);
    expect(matchScore("diamnds", diamonds)).toBe(1);
    expect(matchScore("diamonds xbox", diamonds)).toBe(0);
    expect(matchScore("", diamonds)).toBe(1);
  });

  it("allows more typos in longer words and none in short ones", () => {
    expect([3, 4, 7, 8, 12].map(typosAllowed)).toEqual([0, 1, 1, 2, 2]);
    expect(matchScore("rusia", diamonds)).toBe(1);
    expect(matchScore("mobil", diamonds)).toBe(2);
    expect(matchScore("ru", text("Russia"))).toBe(2);
    expect(matchScore("rx", text("Russia"))).toBe(0);
  });

  it("finds words typed without their spaces or hyphens, and aliases", () => {
    const topUp = text("Vaultline Wallet Top-Up");
    expect(matchScore("topup", topUp)).toBeGreaterThan(0);
    expect(matchScore("top-up", topUp)).toBeGreaterThan(0);
    expect(matchScore("recharge", topUp)).toBeGreaterThan(0);
    expect(matchScore("psn", text("Orbit Network PlayStation"))).toBeGreaterThan(0);
  });
});

describe("suggestions when nothing matches", () => {
  const candidates = ["Mythic Realms", "Vaultline", "Starfall Legends"].map((label) => ({ label, words: normaliseText(label).split(" ") }));

  it("offers the closest names, closest first", () => {
    expect(suggestNames("starfal legnds", candidates)).toEqual(["Starfall Legends"]);
    expect(suggestNames("vaultlin", candidates)[0]).toBe("Vaultline");
  });

  it("offers nothing for an empty query or for something unlike every name", () => {
    expect(suggestNames("", candidates)).toEqual([]);
    expect(suggestNames("qqqqqqq", candidates)).toEqual([]);
  });
});
