import { describe, expect, it } from "vitest";
import { malformedFormPost } from "./malformed-form-post";

const post = (type: string, body: BodyInit) => new Request("https://shop.test/admin/people", { method: "POST", headers: { "content-type": type }, body });

describe("malformedFormPost", () => {
  it("refuses a multipart body without its boundary, or one that is not multipart at all", async () => {
    expect(await malformedFormPost(post("multipart/form-data", "name=x"))).toBe("the multipart body does not parse");
    expect(await malformedFormPost(post("multipart/form-data; boundary=zzz", "garbage"))).toBe("the multipart body does not parse");
  });

  it("refuses a URL-encoded body whose percent escapes do not decode to UTF-8 text", async () => {
    // What a manual check sent to "/": a cut escape ("%A") and bytes that are no UTF-8.
    const problem = "a percent escape in the URL-encoded body does not decode to UTF-8 text";
    expect(await malformedFormPost(post("application/x-www-form-urlencoded", "a=%E0%A4%A&&="))).toBe(problem);
    expect(await malformedFormPost(post("application/x-www-form-urlencoded", "a=%"))).toBe(problem);
    expect(await malformedFormPost(post("application/x-www-form-urlencoded; charset=utf-8", "q=%C0%AF"))).toBe(problem);
    expect(await malformedFormPost(post("application/x-www-form-urlencoded", "%ZZ=1"))).toBe(problem);
  });

  it("lets a real form through, and leaves its body for Next to read", async () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    const request = new Request("https://shop.test/admin/people", { method: "POST", body: form });
    expect(await malformedFormPost(request)).toBeNull();
    expect((await request.formData()).get("email")).toBe("a@example.com");
    // What browsers send: escapes that decode, "+" for spaces, empty names and values, non-ASCII text.
    const encoded = new URLSearchParams({ locale: "zh", q: "钻石 100%", empty: "" }).toString();
    const urlencoded = post("application/x-www-form-urlencoded", `${encoded}&a=1&b=%20&&=`);
    expect(await malformedFormPost(urlencoded)).toBeNull();
    expect((await urlencoded.formData()).get("q")).toBe("钻石 100%");
  });

  it("leaves other methods and content types to their routes", async () => {
    expect(await malformedFormPost(new Request("https://shop.test/", { method: "GET" }))).toBeNull();
    expect(await malformedFormPost(post("application/json", "{"))).toBeNull();
  });
});
