import { describe, expect, it } from "vitest";
import { createMemoryStore } from "./memory-store";
import { contractFixture, describeSandboxStore, sampleOrder } from "@/tests/support/sandbox/store-contract";

describeSandboxStore("memory", createMemoryStore);

describe("memory store", () => {
  it("hands out copies, as a remote store would", async () => {
    const store = createMemoryStore(contractFixture);
    const order = sampleOrder("1");
    await store.commit({ order, expectedVersion: null, balanceDeltaMinor: 0 });
    order.status = 3;
    const read = await store.getOrder("1");
    expect(read?.status).toBe(1);
    if (read) read.status = 2;
    expect((await store.getOrder("1"))?.status).toBe(1);
  });
});
