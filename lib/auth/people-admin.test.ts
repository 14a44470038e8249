// Each change to who has access writes its own audit row, and a change that found nothing to
// change writes none.
import { describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit";
import { hashPassword } from "@/lib/security/password-hash";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { createInvite } from "./invites";
import { changeRole, joinByInvite, removeAccess, revokeInvitation, signOutEverywhere } from "./people-admin";
import { getPerson } from "./people-store";
import { sessionVersion } from "./session-version";

const FAST = { N: 1024, r: 8, p: 1 };
const OWNER = { email: "owner@x.example", ip: "203.0.113.7" };

function world() {
  const clock = { now: () => Date.UTC(2026, 10, 28, 10) };
  const kv = createMemoryKv({ now: clock.now });
  const rows = async () => (await listAudit(1, { kv })).entries.map(({ actor, action, target, before, after, ip }) => ({ actor, action, target, before, after, ip }));
  return { deps: { kv, clock }, kv, rows };
}

describe("the owner's changes to people", () => {
  it("a joining invitee, a role change, sessions ended and a removal each leave their row", async () => {
    const { deps, kv, rows } = world();
    const { token } = await createInvite(kv, deps.clock, { email: "ann@x.example", role: "staff", invitedBy: OWNER.email });
    expect((await joinByInvite(deps, token, await hashPassword("ann-password", FAST), "198.51.100.4")).ok).toBe(true);
    expect((await changeRole(deps, "ann@x.example", "owner", OWNER)).ok).toBe(true);
    await signOutEverywhere(deps, "ann@x.example", OWNER);
    expect(await sessionVersion(kv, "ann@x.example")).toBe(1);
    expect(await removeAccess(deps, "ann@x.example", OWNER)).toMatchObject({ role: "owner" });
    expect(await getPerson(kv, "ann@x.example")).toBeNull();
    expect((await rows()).reverse()).toEqual([
      { actor: "ann@x.example", action: "people.joined", target: "person:ann@x.example", before: null, after: { role: "staff" }, ip: "198.51.100.4" },
      { actor: OWNER.email, action: "people.role_changed", target: "person:ann@x.example", before: { role: "staff" }, after: { role: "owner" }, ip: OWNER.ip },
      { actor: OWNER.email, action: "auth.signed_out_everywhere", target: "person:ann@x.example", before: null, after: null, ip: OWNER.ip },
      { actor: OWNER.email, action: "people.removed", target: "person:ann@x.example", before: { role: "owner" }, after: null, ip: OWNER.ip },
    ]);
  });

  it("revoking writes a row only for an invitation that waited", async () => {
    const { deps, kv, rows } = world();
    await createInvite(kv, deps.clock, { email: "bo@x.example", role: "staff", invitedBy: OWNER.email });
    expect(await revokeInvitation(deps, "bo@x.example", OWNER)).toMatchObject({ role: "staff" });
    expect(await revokeInvitation(deps, "bo@x.example", OWNER)).toBeNull();
    expect(await changeRole(deps, "nobody@x.example", "owner", OWNER)).toEqual({ ok: false, error: "no_such_person" });
    expect(await removeAccess(deps, "nobody@x.example", OWNER)).toBeNull();
    expect(await joinByInvite(deps, "not-a-token-at-all-xxxxxx", "unused", "198.51.100.4")).toMatchObject({ ok: false });
    expect(await rows()).toEqual([{ actor: OWNER.email, action: "people.invite_revoked", target: "person:bo@x.example", before: { role: "staff" }, after: null, ip: OWNER.ip }]);
  });
});
