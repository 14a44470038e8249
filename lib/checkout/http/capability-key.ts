// The order's capability key as a request carries it: `?key=` (the order link a browser
// follows) or `Authorization: Bearer <key>` (programs, which should keep keys out of URLs).
import { bearerToken } from "@/lib/http/bearer-token";

export function capabilityKeyOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("key") ?? bearerToken(request.headers);
}
