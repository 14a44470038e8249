// The embedded driver is shared by the several worker processes of one Next server: LMDB
// write transactions must serialise them, and data must outlive the process that wrote it.
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import { putIndexed } from "@/tests/support/kv/put-indexed-script";

const WORKER = fileURLToPath(new URL("./fixtures/hammer-worker.ts", import.meta.url));

function runWorker(dir: string, rounds: number, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [dir, String(rounds), id], { execArgv: ["--import", "tsx"], stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker ${id} exited with ${code}`))));
  });
}

describe("embedded driver across processes", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "kv-embedded-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps counters and locks exact when two processes hammer them", async () => {
    const rounds = 100;
    await Promise.all([runWorker(dir, rounds, "a"), runWorker(dir, rounds, "b")]);
    const kv = createEmbeddedKv({ dir });
    expect(await kv.get("atomic")).toBe(String(2 * rounds));
    expect(await kv.get("guarded")).toBe(String(2 * rounds));
    expect(await kv.get("lock")).toBeNull();
    await kv.close();
  });

  it("keeps data across close and reopen", async () => {
    const first = createEmbeddedKv({ dir, prefix: "shop:" });
    await first.set("token", "abc", { ttlMs: 60_000 });
    await first.set("forever", "v");
    await first.incr("n", { by: 7 });
    await first.run(putIndexed, { keys: { record: "o:1", index: "orders" }, args: { value: "{}", score: 1, member: "1", ttlMs: 0 } });
    await first.close();

    const second = createEmbeddedKv({ dir, prefix: "shop:" });
    expect(await second.get("token")).toBe("abc");
    expect(await second.get("forever")).toBe("v");
    expect(await second.incr("n")).toBe(8);
    expect(await second.get("o:1")).toBe("{}");
    expect(await second.zRevRangeByRank("orders", { count: 5 })).toEqual([{ member: "1", score: 1 }]);
    await second.close();
  });
});
