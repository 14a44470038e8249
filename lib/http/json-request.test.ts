import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonRequest } from "./json-request";

const schema = z.strictObject({ email: z.email({ error: "email must be an email address" }) });
const post = (body: string, contentType = "application/json") =>
  new Request("https://shop.test/api/x", { method: "POST", headers: { "content-type": contentType }, body });

describe("readJsonRequest", () => {
  it("gives the parsed body", async () => {
    expect(await readJsonRequest(post('{"email":"a@b.co"}'), schema, 100)).toEqual({ ok: true, value: { email: "a@b.co" } });
  });

  it("answers each refusal in the envelope, naming the problem", async () => {
    const cases: [Request, number, string][] = [
      [post('{"email":"a@b.co"}', "text/plain"), 415, "unsupported_media_type"],
      [post("{", "application/json"), 400, "invalid_json"],
      [post('{"email":"nope"}'), 400, "invalid"],
      [post(JSON.stringify({ email: `${"a".repeat(200)}@b.co` })), 413, "too_large"],
    ];
    for (const [request, status, code] of cases) {
      const read = await readJsonRequest(request, schema, 100);
      expect(read.ok).toBe(false);
      if (read.ok) continue;
      expect(read.error.status).toBe(status);
      expect(((await read.error.json()) as { error: string }).error).toBe(code);
    }
  });
});
