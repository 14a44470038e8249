// Which account a sign-in attempt is for, read from its body exactly as @auth/core 0.41 reads
// it (getBody in lib/utils/web.js), so that the limit counts the account Auth will check: a
// content type containing application/json is parsed as JSON; else one containing
// application/x-www-form-urlencoded goes through Object.fromEntries, where the last of a
// repeated field wins; anything else gives Auth no credentials at all. Whatever the two
// readings could disagree on is refused before Auth sees it.
import { errorBody, type ErrorBody } from "@/lib/http/error-body";
import { err, ok, type Result } from "@/lib/result";

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

async function readFields(request: Request, kind: string): Promise<Result<Record<string, unknown>, ErrorBody>> {
  const text = await request.clone().text();
  if (kind === FORM_TYPE) {
    const params = new URLSearchParams(text);
    const names = [...params.keys()];
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    const field = repeated?.slice(0, 40);
    if (field !== undefined) return err(errorBody("invalid", `the field "${field}" appears more than once`, { field }));
    return ok(Object.fromEntries(params));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return err(errorBody("invalid_json", "the body is not valid JSON"));
  }
  return isRecord(parsed) ? ok(parsed) : err(errorBody("invalid", "expected a JSON object of sign-in fields"));
}

/** The email the attempt names, as Auth will pass it to authorize; or the answer refusing it. */
export async function readSignInEmail(request: Request): Promise<Result<string, ErrorBody>> {
  const contentType = request.headers.get("content-type") ?? "";
  // Auth tests the whole header with includes(), JSON first; we take only a header that is
  // exactly the media type Auth picks, so that a parameter cannot switch its choice.
  const kind = contentType.includes(JSON_TYPE) ? JSON_TYPE : contentType.includes(FORM_TYPE) ? FORM_TYPE : null;
  if (kind === null || contentType.split(";")[0]?.trim() !== kind) {
    return err(errorBody("unsupported_media_type", `a sign-in is sent as ${FORM_TYPE} or ${JSON_TYPE}, not "${contentType.slice(0, 100)}"`));
  }
  const fields = await readFields(request, kind);
  if (!fields.ok) return fields;
  const email = fields.value.email;
  if (typeof email !== "string" || email.trim() === "") return err(errorBody("invalid", "email: expected one email address", { field: "email" }));
  return ok(email);
}
