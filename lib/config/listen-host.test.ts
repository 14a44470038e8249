// A shop told to listen on a loopback address literal proxies every page it rewrites to itself
// over a second connection (tests/e2e/self-hosted-rewrite.spec.ts): it refuses to start,
// naming the fix, whichever way it was started.
import { describe, expect, it } from "vitest";
import { listenHostOf, loopbackLiteralProblem } from "./listen-host";

describe("the address the server listens on", () => {
  it("is read from next start's -H / --hostname, or from HOSTNAME under the standalone server", () => {
    expect(listenHostOf({ argv: ["node", "next", "start", "-p", "3000", "-H", "127.0.0.1"], env: { HOSTNAME: "box" } })).toBe("127.0.0.1");
    expect(listenHostOf({ argv: ["node", "next", "start", "--hostname=::1"], env: {} })).toBe("::1");
    expect(listenHostOf({ argv: ["node", "next", "start"], env: { HOSTNAME: "127.0.0.1" } })).toBeNull();
    expect(listenHostOf({ argv: ["node", "/app/server.js"], env: { HOSTNAME: "127.0.0.1", __NEXT_PRIVATE_STANDALONE_CONFIG: "{}" } })).toBe("127.0.0.1");
  });

  it("refuses a loopback literal, naming localhost and 0.0.0.0 instead", () => {
    for (const host of ["127.0.0.1", "127.0.1.1", "::1", "[::1]"]) {
      const problem = loopbackLiteralProblem(host, "-H");
      expect(problem, host).toMatch(/-H localhost/);
      expect(problem, host).toMatch(/0\.0\.0\.0/);
    }
    for (const host of [null, "localhost", "0.0.0.0", "::", "shop.internal", "10.0.0.5"]) expect(loopbackLiteralProblem(host, "-H"), String(host)).toBeNull();
    expect(loopbackLiteralProblem("127.0.0.1", "HOSTNAME")).toMatch(/HOSTNAME=localhost/);
  });
});
