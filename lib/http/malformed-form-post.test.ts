import { describe, expect, it } from "vitest";
import { isMalformedFormPost } from "./malformed-form-post";

const post = (type: string, body: BodyInit) => new Request("https://shop.test/admin/people", { method: "POST", headers: { "content-type": type }, body });

describe("isMalformedFormPost", () => {
  it("refuses a multipart body without its boundary, or one that is not multipart at all", async () => {
    expect(await isMalformedFormPost(post("multipart/form-data", "name=x"))).toBe(true);
    expect(await isMalformedFormPost(post("multipart/form-data; boundary=zzz", "garbage"))).toBe(true);
  });

  it("lets a real form through, and leaves its body for Next to read", async () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    const request = new Request("https://shop.test/admin/people", { method: "POST", body: form });
    expect(await isMalformedFormPost(request)).toBe(false);
    expect((await request.formData()).get("email")).toBe("a@example.com");
    expect(await isMalformedFormPost(post("application/x-www-form-urlencoded", "a=1&b=%20"))).toBe(false);
  });

  it("leaves other methods and content types to their routes", async () => {
    expect(await isMalformedFormPost(new Request("https://shop.test/", { method: "GET" }))).toBe(false);
    expect(await isMalformedFormPost(post("application/json", "{"))).toBe(false);
  });
});
