// One Stripe API request: bearer auth with any sk_test_ key, parameters from the query (GET) or
// the form body (POST), Idempotency-Key on POST, and Stripe's JSON answer or error envelope.
import type { SandboxContext } from "../context";
import { errorBody, invalidRequest, type StripeError } from "../stripe-error";
import { API_ROUTES } from "./api-routes";
import { parseForm } from "./form-params";
import { checkIdempotency, type Answer } from "./idempotency";
import type { HttpReply, SandboxRequest } from "./reply";

export async function handleApiRequest(context: SandboxContext, request: SandboxRequest, path: string): Promise<HttpReply> {
  const apiKey = bearerKey(request);
  if (!apiKey.ok) return json(errorAnswer(apiKey.error));
  const method = request.method.toUpperCase();
  const matches = API_ROUTES.filter((route) => route.pattern.test(path));
  const route = matches.find((candidate) => candidate.method === method);
  if (!route) {
    return json(errorAnswer(invalidRequest(`Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, { status: 404 })));
  }
  const id = route.pattern.exec(path)?.[1] ?? "";
  const rawBody = method === "POST" ? await request.text() : new URL(request.url).search.slice(1);
  const idempotencyKey = method === "POST" ? request.headers.get("idempotency-key") : null;
  const run = async (): Promise<Answer> => {
    const result = await route.handler(context, { params: parseForm(rawBody), idempotencyKey, id });
    return result.ok ? { status: 200, body: result.value } : errorAnswer(result.error);
  };
  if (!idempotencyKey) return json(await run());

  const check = await checkIdempotency(context.store, apiKey.value, idempotencyKey, `${method} ${path}`, rawBody);
  if (check.kind === "refused") return json(errorAnswer(check.error));
  if (check.kind === "replay") return json(check.answer, { "Idempotent-Replayed": "true", "Idempotency-Key": idempotencyKey });
  let answer: Answer = { status: 500, body: errorBody({ status: 500, type: "api_error", message: "The sandbox failed." }) };
  try {
    answer = await run();
  } finally {
    await check.finish(answer);
  }
  return json(answer, { "Idempotency-Key": idempotencyKey });
}

function bearerKey(request: SandboxRequest): { ok: true; value: string } | { ok: false; error: StripeError } {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) {
    return { ok: false, error: invalidRequest("You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').", { status: 401 }) };
  }
  if (!match[1].startsWith("sk_test_")) {
    return { ok: false, error: invalidRequest(`Invalid API Key provided: ${match[1].slice(0, 8)}…; this sandbox accepts any sk_test_ key and never a live one.`, { status: 401 }) };
  }
  return { ok: true, value: match[1] };
}

function errorAnswer(error: StripeError): Answer {
  return { status: error.status, body: errorBody(error) };
}

function json(answer: Answer, headers: Record<string, string> = {}): HttpReply {
  return {
    status: answer.status,
    headers: { "Content-Type": "application/json", "Request-Id": `req_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`, ...headers },
    body: JSON.stringify(answer.body),
  };
}
