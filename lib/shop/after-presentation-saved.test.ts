// A save expires the catalogue's list and each changed product, in the way Next allows where
// the caller runs.
import { beforeEach, describe, expect, it, vi } from "vitest";

const updateTag = vi.fn();
const revalidateTag = vi.fn();
vi.mock("next/cache", () => ({ updateTag, revalidateTag }));
const { afterPresentationSaved } = await import("./after-presentation-saved");

describe("afterPresentationSaved", () => {
  beforeEach(() => {
    updateTag.mockReset();
    revalidateTag.mockReset();
  });

  it("uses updateTag from a server action, for the owner's read of their own write", () => {
    afterPresentationSaved([432, 426, 432]);
    expect(updateTag.mock.calls).toEqual([["catalog-list"], ["product:432"], ["product:426"]]);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it("expires at once from a route handler, never serving the old page once more", () => {
    afterPresentationSaved([7], { from: "route-handler" });
    expect(revalidateTag.mock.calls).toEqual([
      ["catalog-list", { expire: 0 }],
      ["product:7", { expire: 0 }],
    ]);
    expect(updateTag).not.toHaveBeenCalled();
  });
});
