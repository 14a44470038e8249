import { describe, expect, it } from "vitest";
import { afterResponse, detachedWorkSettled, runAfterResponse } from "./after-response";

// Outside a request (npm run sweep, the in-process scheduler) nothing keeps the work alive but
// the process itself: a script that exits as soon as its own work is done must be able to wait
// for what it started, or a QStash message for an order it just advanced is never published.
describe("work after the response, outside a request", () => {
  it("is waited for by a process that is about to exit", async () => {
    const done: string[] = [];
    runAfterResponse(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push("task");
    });
    afterResponse(new Promise((resolve) => setTimeout(resolve, 30)).then(() => done.push("work")));
    expect(done).toEqual([]);
    await detachedWorkSettled();
    expect(done.sort()).toEqual(["task", "work"]);
  });

  it("settles at once when nothing is in flight, and after a task that failed", async () => {
    await detachedWorkSettled();
    runAfterResponse(() => Promise.reject(new Error("lost publish")));
    await expect(detachedWorkSettled()).resolves.toBeUndefined();
  });
});
