// A schema's refusal is read one way: firstIssue names the field and says what is wrong, for
// routes, server actions and forms alike. A hand-written `issues[0]` elsewhere is a second
// reading that drifts (a missing path, a different fallback message). Log lines may quote an
// issue; the sandboxes imitate outside services and answer in those services' own words.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ROOT, sourceFiles } from "@/scripts/import-scan";
import { firstIssue } from "./first-issue";

describe("firstIssue", () => {
  it("names the dotted path of the first issue, or the whole input when it has none", () => {
    const nested = z.object({ a: z.object({ b: z.array(z.number()) }) }).safeParse({ a: { b: [1, "x"] } });
    expect(nested.success || firstIssue(nested.error)).toEqual({ field: "a.b.1", message: expect.any(String) });
    const whole = z.string().safeParse(1);
    expect(whole.success || firstIssue(whole.error, "code").field).toBe("code");
  });

  it("is the only reading of zod's first issue in app/ and lib/", () => {
    const exempt = ["lib/http/", "lib/sandbox/", "lib/payments-sandbox/"];
    const files = [...sourceFiles("app"), ...sourceFiles("lib")].filter((file) => !exempt.some((dir) => file.startsWith(dir)));
    const offenders = files.filter((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .some((line) => line.includes("issues[0]") && !/console\.\w+\(/.test(line)),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
