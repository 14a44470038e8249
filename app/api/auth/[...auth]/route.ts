// GET, POST /api/auth/* – @auth/core's own endpoints (csrf, session, callback/credentials,
// signout), mounted at the basePath its configuration names (lib/auth/auth-config.ts).
import { handleAuthRequest } from "@/lib/shop/auth-route";
import { route } from "@/lib/http/route";
import { sameOrigin } from "@/lib/shop/route-needs";

export const dynamic = "force-dynamic";

// Only POSTs change state: the wrapper checks their origin, never a GET's.
export const GET = route({ sameOrigin }, handleAuthRequest);
export const POST = route({ sameOrigin }, handleAuthRequest);
