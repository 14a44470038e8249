// A server started by spawnServer dies with the process that started it, even when that
// process crashes, instead of living on in its own process group.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { waitUntil } from "../kv/helpers";
import { freePort } from "./free-port";

const dir = mkdtempSync(join(tmpdir(), "spawn-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("spawnServer", () => {
  it("kills the server when the process that started it crashes", async () => {
    const port = await freePort();
    const server = join(dir, "server.mjs");
    // It ends by itself after 10 s, so that a failing run of this test leaves nothing behind.
    writeFileSync(
      server,
      `import { createServer } from "node:http";\ncreateServer((_, res) => res.end("ok")).listen(${port}, "127.0.0.1");\nsetTimeout(() => process.exit(0), 10_000);\n`,
    );
    const parent = join(dir, "parent.mts");
    writeFileSync(
      parent,
      `import { spawnServer } from ${JSON.stringify(join(process.cwd(), "tests/support/spawn-server.ts"))};\n` +
        `await spawnServer(process.execPath, [${JSON.stringify(server)}], { url: "http://127.0.0.1:${port}" });\n` +
        `throw new Error("the bench crashed");\n`,
    );
    const crashed = await promisify(execFile)(process.execPath, ["--import", "tsx", parent]).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(crashed?.stderr).toContain("the bench crashed");
    // Nothing answers on its port any more (the kill lands as the parent exits).
    await waitUntil(() => fetch(`http://127.0.0.1:${port}/`).then(() => false, () => true));
  });
});
