import { describe, expect, it } from "vitest";
import { earlySignInRedirect } from "./early-sign-in-redirect";

describe("earlySignInRedirect", () => {
  it("sends admin pages without a session cookie to sign-in, and leaves the rest alone", () => {
    expect(earlySignInRedirect("/admin/people", [])).toBe("/admin/sign-in?callbackUrl=%2Fadmin%2Fpeople");
    expect(earlySignInRedirect("/admin", ["theme"])).toBe("/admin/sign-in?callbackUrl=%2Fadmin");
    expect(earlySignInRedirect("/admin/people", ["__Secure-authjs.session-token.0"])).toBeNull();
    expect(earlySignInRedirect("/admin/sign-in", [])).toBeNull();
    expect(earlySignInRedirect("/admin/invite", [])).toBeNull();
    expect(earlySignInRedirect("/administrator", [])).toBeNull();
    expect(earlySignInRedirect("/products/1", [])).toBeNull();
  });
});
