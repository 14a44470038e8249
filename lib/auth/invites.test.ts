// Invitations while they wait: one live link per email, the newest; removing a person voids
// theirs; the owner lists and revokes what is pending.
import { describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { acceptInvite, createInvite, INVITE_TTL_MS, listInvites, readInvite, revokeInvite } from "./invites";
import { AUTH_KEYS } from "./keys";
import { hashPassword } from "@/lib/security/password-hash";
import { addPerson, removePerson } from "./people-store";

const FAST = { N: 1024, r: 8, p: 1 };
const OWNER = "owner@shop.example";

function world() {
  let now = 1_800_000_000_000;
  const clock = { now: () => now };
  return { kv: createMemoryKv({ now: () => now }), clock, advance: (ms: number) => (now += ms) };
}

describe("invitations", () => {
  it("void the older link when the same email is invited again", async () => {
    const { kv, clock } = world();
    const older = await createInvite(kv, clock, { email: "ann@x.example", role: "staff", invitedBy: OWNER });
    const newer = await createInvite(kv, clock, { email: "ann@x.example", role: "staff", invitedBy: OWNER });
    expect(await readInvite(kv, clock, older.token)).toBeNull();
    const hash = await hashPassword("ann-password", FAST);
    expect(await acceptInvite(kv, clock, older.token, hash)).toMatchObject({ ok: false, error: { code: "invite_unusable" } });
    expect(await acceptInvite(kv, clock, newer.token, hash)).toMatchObject({ ok: true, value: { email: "ann@x.example" } });
  });

  it("make a replaced owner invitation useless: the role is the newest invitation's", async () => {
    const { kv, clock } = world();
    const asOwner = await createInvite(kv, clock, { email: "bob@x.example", role: "owner", invitedBy: OWNER });
    const asStaff = await createInvite(kv, clock, { email: "bob@x.example", role: "staff", invitedBy: OWNER });
    const hash = await hashPassword("bob-password", FAST);
    expect(await acceptInvite(kv, clock, asOwner.token, hash)).toMatchObject({ ok: false, error: { code: "invite_unusable" } });
    expect(await acceptInvite(kv, clock, asStaff.token, hash)).toMatchObject({ ok: true, value: { role: "staff" } });
  });

  it("are voided when the person is removed", async () => {
    const { kv, clock } = world();
    // An invitation sent while the person already had access (it raced their joining).
    const { token } = await createInvite(kv, clock, { email: "cy@x.example", role: "owner", invitedBy: OWNER });
    await addPerson(kv, { email: "cy@x.example", role: "staff", passwordHash: await hashPassword("cy-password", FAST), addedAt: clock.now(), addedBy: OWNER });
    await removePerson(kv, "cy@x.example");
    expect(await readInvite(kv, clock, token)).toBeNull();
    expect(await acceptInvite(kv, clock, token, await hashPassword("cy-again", FAST))).toMatchObject({ ok: false, error: { code: "invite_unusable" } });
  });

  it("are listed while pending, one per email, until accepted, revoked or expired", async () => {
    const { kv, clock, advance } = world();
    await createInvite(kv, clock, { email: "ann@x.example", role: "owner", invitedBy: OWNER });
    advance(1000);
    const ann = await createInvite(kv, clock, { email: "ann@x.example", role: "staff", invitedBy: OWNER });
    const bob = await createInvite(kv, clock, { email: "bob@x.example", role: "owner", invitedBy: OWNER });
    const cy = await createInvite(kv, clock, { email: "cy@x.example", role: "staff", invitedBy: OWNER });
    expect(await listInvites(kv, clock)).toEqual([ann.invite, bob.invite, cy.invite]);

    await acceptInvite(kv, clock, cy.token, await hashPassword("cy-password", FAST));
    expect(await revokeInvite(kv, clock, "ann@x.example")).toEqual(ann.invite);
    expect(await revokeInvite(kv, clock, "ann@x.example")).toBeNull();
    expect(await readInvite(kv, clock, ann.token)).toBeNull();
    expect(await listInvites(kv, clock)).toEqual([bob.invite]);

    advance(INVITE_TTL_MS);
    expect(await listInvites(kv, clock)).toEqual([]);
  });

  it("do not let in a link the owner replaced while it was being accepted", async () => {
    const { kv: base, clock } = world();
    const older = await createInvite(base, clock, { email: "dee@x.example", role: "owner", invitedBy: OWNER });
    const olderKey = AUTH_KEYS.invite((await base.get(AUTH_KEYS.inviteFor("dee@x.example"))) ?? "");
    // The owner invites again as staff just as the acceptance takes the older link.
    const racing: Kv = Object.assign(Object.create(base) as Kv, {
      async del(key: string) {
        const deleted = await base.del(key);
        if (key === olderKey) await createInvite(base, clock, { email: "dee@x.example", role: "staff", invitedBy: OWNER });
        return deleted;
      },
    });
    expect(await acceptInvite(racing, clock, older.token, await hashPassword("dee-password", FAST))).toMatchObject({ ok: false, error: { code: "invite_unusable" } });
    expect(await listInvites(base, clock)).toEqual([expect.objectContaining({ email: "dee@x.example", role: "staff" })]);
  });
});
