import { describe, expect, it } from "vitest";
import { testFixture } from "@/tests/support/sandbox/http-test-support";
import { jwtSecretOf } from "./jwt-secret";

describe("jwtSecretOf", () => {
  it("uses the UTF-8 bytes of the fixture's secret", () => {
    expect(jwtSecretOf(testFixture({ jwt_secret: "clé" }))).toEqual(new Uint8Array([0x63, 0x6c, 0xc3, 0xa9]));
  });

  it("draws a fresh 32-byte secret per call without one", () => {
    const fixture = testFixture({ jwt_secret: null });
    const a = jwtSecretOf(fixture);
    expect(a).toHaveLength(32);
    expect(a).not.toEqual(jwtSecretOf(fixture));
  });
});
