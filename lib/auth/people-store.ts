// The people an owner invited, in KV: one record each (role and password hash, never the
// password) and an index by the time they joined. The first owner comes from settings and has
// no record here (admin-settings.ts).
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { voidInvite } from "./invite-index";
import { AUTH_KEYS } from "./keys";
import { passwordHashSchema } from "@/lib/security/password-hash";
import { roleSchema, type Role } from "./roles";
import { bumpSessionVersion } from "./session-version";

export const personSchema = z.object({
  email: z.string(),
  role: roleSchema,
  passwordHash: passwordHashSchema,
  addedAt: z.number().int(),
  addedBy: z.string(),
});

export type Person = z.infer<typeof personSchema>;

export function getPerson(kv: Kv, email: string): Promise<Person | null> {
  return getJson(kv, AUTH_KEYS.person(email), personSchema);
}

/** Store a new person; false when someone with that email already has access. */
export async function addPerson(kv: Kv, person: Person): Promise<boolean> {
  const added = await kv.setIfAbsent(AUTH_KEYS.person(person.email), JSON.stringify(person));
  if (added) await kv.zAdd(AUTH_KEYS.people, person.addedAt, person.email);
  return added;
}

export async function listPeople(kv: Kv): Promise<Person[]> {
  const emails = await kv.zRangeByScore(AUTH_KEYS.people);
  const people = await Promise.all(emails.map(({ member }) => getPerson(kv, member)));
  return people.filter((person): person is Person => person !== null);
}

/** Change a role; the next request of each of their sessions carries the new one. */
export async function setRole(kv: Kv, email: string, role: Role): Promise<Person | null> {
  const person = await getPerson(kv, email);
  if (!person) return null;
  const changed = { ...person, role };
  await setJson(kv, AUTH_KEYS.person(email), changed);
  return changed;
}

/** A new password ends every session the old one opened. */
export async function setPasswordHash(kv: Kv, email: string, passwordHash: string): Promise<boolean> {
  const person = await getPerson(kv, email);
  if (!person) return false;
  await setJson(kv, AUTH_KEYS.person(email), { ...person, passwordHash });
  await bumpSessionVersion(kv, email);
  return true;
}

/** Remove a person: their sessions end at their next request; their second factor and any pending invitation go too. */
export async function removePerson(kv: Kv, email: string): Promise<Person | null> {
  const person = await getPerson(kv, email);
  if (!person) return null;
  await kv.del(AUTH_KEYS.person(email));
  await kv.zRem(AUTH_KEYS.people, email);
  await bumpSessionVersion(kv, email);
  await Promise.all([kv.del(AUTH_KEYS.totp(email)), kv.del(AUTH_KEYS.totpPending(email)), kv.del(AUTH_KEYS.recoveryCodes(email)), voidInvite(kv, email)]);
  return person;
}
