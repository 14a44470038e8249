// docs/sandbox-fixture.md: `jwt_secret` set → its UTF-8 bytes are the HS256 key, so tokens survive a
// restart; null → a random key per sandbox, so no two runs accept each other's tokens.
import type { Fixture } from "../fixture/schema";

export function jwtSecretOf(fixture: Fixture): Uint8Array {
  if (fixture.jwt_secret !== null) return new TextEncoder().encode(fixture.jwt_secret);
  return crypto.getRandomValues(new Uint8Array(32));
}
