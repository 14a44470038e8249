import { describe, expect, it } from "vitest";
import { parseJsonObject } from "./json-body";
import { createHarness, read } from "@/tests/support/sandbox/http-test-support";

const notJson = { success: false, error: 400, error_text: "request body is not valid JSON" };
const notObject = { success: false, error: 400, error_text: "request body must be a JSON object" };

describe("parseJsonObject", () => {
  it.each([
    ["", notJson],
    ["{", notJson],
    ["{'a': 1}", notJson],
    ["\uFEFF{}", notJson],
    ["null", notObject],
    ["[]", notObject],
    ["[{\"voucher_id\": 1}]", notObject],
    ["42", notObject],
    ["\"text\"", notObject],
    ["true", notObject],
  ])("rejects %j", (text, body) => {
    const result = parseJsonObject(text);
    expect(result.ok ? null : result.error).toEqual({ status: 400, body });
  });

  it("accepts an object with surrounding whitespace", () => {
    expect(parseJsonObject(' \n {"a": 1} \n')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("keeps __proto__ as a plain field rather than a prototype", () => {
    const result = parseJsonObject('{"__proto__": {"x": 1}}');
    expect(result.ok && Object.hasOwn(result.value, "__proto__")).toBe(true);
  });
});

describe("JSON bodies through the handler", () => {
  it.each([
    ["application/json", { "Content-Type": "application/json" }],
    ["text/plain", { "Content-Type": "text/plain" }],
    ["a form type", { "Content-Type": "application/x-www-form-urlencoded" }],
    ["no content type", {}],
  ])("parses valid JSON sent as %s", async (_label, headers) => {
    const h = createHarness();
    const response = await h.handle(
      new Request("http://sandbox.test/api/auth/login", {
        method: "POST",
        headers,
        body: JSON.stringify({ login: "demo", api_key: "demo-key" }),
      }),
    );
    expect(response.status).toBe(200);
  });

  it("answers 400 for a body that is not JSON and for a JSON array", async () => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("POST", "/api/pay", { token, body: "voucher_id=1001" }))).toEqual({ status: 400, body: notJson });
    expect(await read(await h.call("POST", "/api/pay", { token, body: "[1]" }))).toEqual({ status: 400, body: notObject });
    expect(await read(await h.call("POST", "/api/order_update", { token }))).toEqual({ status: 400, body: notJson });
  });

  it("answers 400 naming __proto__ as an unknown field", async () => {
    const h = createHarness();
    const token = await h.login();
    const response = await h.call("POST", "/api/order_update", { token, body: '{"order_id":"1","status":2,"__proto__":{"admin":true}}' });
    expect(await read(response)).toEqual({ status: 400, body: { success: false, error: 400, error_text: "unknown field __proto__" } });
  });
});
