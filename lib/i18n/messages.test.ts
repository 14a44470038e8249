import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "./messages/en.json";
import zh from "./messages/zh.json";

type Tree = { [key: string]: string | string[] | Tree };

/** Every message's path with its text (arrays of steps as one path per step). */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") found.set(path, value);
    else if (Array.isArray(value)) value.forEach((step, i) => found.set(`${path}[${i}]`, step));
    else for (const [p, v] of leaves(value, path)) found.set(p, v);
  }
  return found;
}

/** The arguments a message takes: {name}, {count, plural, …}, and <tag>…</tag> for rich text. */
function argumentsOf(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1] ?? "");
  const tags = [...message.matchAll(/<(\w+)>/g)].map((m) => `<${m[1] ?? ""}>`);
  return [...new Set([...names, ...tags])].sort();
}

describe("messages", () => {
  const english = leaves(en as Tree);
  const chinese = leaves(zh as Tree);

  it("has every English message in Chinese, and nothing else", () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("takes the same arguments in both languages", () => {
    for (const [path, message] of english) {
      expect(argumentsOf(chinese.get(path) ?? ""), path).toEqual(argumentsOf(message));
    }
  });

  it("formats every message in both languages", () => {
    const problems: string[] = [];
    for (const [locale, messages] of [["en", en], ["zh", zh]] as const) {
      const t = createTranslator({ locale, messages, onError: (error) => problems.push(`${locale}: ${error.message}`) });
      for (const [path, message] of leaves(messages as Tree)) {
        if (path.includes("[")) continue;
        const args = argumentsOf(message);
        const values = Object.fromEntries(args.map((name) => [name.replace(/[<>]/g, ""), name.startsWith("<") ? (chunks: unknown) => chunks : 2]));
        const text = args.some((name) => name.startsWith("<")) ? t.rich(path as never, values as never) : t(path as never, values as never);
        expect(text, `${locale} ${path}`).toBeTruthy();
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the messages a page ships to the browser", () => {
  it("hold the client components' words and leave server-only ones out", async () => {
    const { clientMessages } = await import("./messages");
    const shipped = JSON.stringify(clientMessages("en"));
    expect(shipped).toContain("Continue to checkout");
    expect(shipped).toContain("Switch between light and dark theme");
    // The demo banner is the server's: a live shop's pages must not carry its words.
    expect(shipped).not.toContain("Demo shop");
    expect(shipped).not.toContain("Open Nintendo eShop");
    expect(Object.keys(clientMessages("zh"))).toEqual(Object.keys(clientMessages("en")));
  });
});
