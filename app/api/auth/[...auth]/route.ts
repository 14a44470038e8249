// GET, POST /api/auth/* – @auth/core's own endpoints (csrf, session, callback/credentials,
// signout), mounted at the basePath its configuration names (lib/auth/auth-config.ts).
import { handleAuthRequest } from "@/lib/auth/http/auth-route";

export const dynamic = "force-dynamic";

export const GET = handleAuthRequest;
export const POST = handleAuthRequest;
