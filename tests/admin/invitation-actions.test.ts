// The owner's action on a pending invitation, called as a signed-in owner would: revoking it
// voids its link and is audited.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditInput } from "@/lib/audit";
import { createInvite, readInvite } from "@/lib/auth/invites";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";

const OWNER = { email: "owner@shop.example", role: "owner", ip: "203.0.113.7" } as const;

vi.mock("@/lib/shop/admin-request", () => ({
  currentAdmin: async () => OWNER,
  requestHeaders: async () => new Headers({ host: "shop.example", origin: "http://shop.example" }),
}));
const world = vi.hoisted(() => ({ kv: null as unknown as Kv, audited: [] as AuditInput[] }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => world.kv }));
// Rows are written by the library that makes each change (lib/audit is what it calls).
vi.mock("@/lib/audit", async (actual) => ({ ...(await actual<typeof import("@/lib/audit")>()), recordAudit: async (input: AuditInput) => void world.audited.push(input) }));
vi.mock("@/lib/auth/admin-settings", () => ({ firstOwner: async () => ({ email: OWNER.email, passwordHash: "unused", demo: false }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { revokeInvitation } = await import("@/app/[locale]/admin/(signed-in)/people/actions");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const clock = { now: () => Date.now() };

describe("revoking an invitation", () => {
  beforeEach(() => {
    world.kv = createMemoryKv();
    world.audited.splice(0);
  });

  it("voids its link and writes who revoked it from where", async () => {
    const { token } = await createInvite(world.kv, clock, { email: "ann@x.example", role: "owner", invitedBy: OWNER.email });
    expect(await revokeInvitation(null, form({ email: "ann@x.example" }))).toEqual({ ok: true, message: "inviteRevoked", data: { email: "ann@x.example" } });
    expect(await readInvite(world.kv, clock, token)).toBeNull();
    expect(world.audited).toEqual([{ actor: OWNER.email, action: "people.invite_revoked", target: "person:ann@x.example", before: { role: "owner" }, ip: OWNER.ip }]);
  });

  it("is refused, naming the email, when no invitation to it waits", async () => {
    expect(await revokeInvitation(null, form({ email: "nobody@x.example" }))).toEqual({ ok: false, code: "refused", field: "email", message: "noSuchInvite" });
    expect(world.audited).toEqual([]);
  });
});
