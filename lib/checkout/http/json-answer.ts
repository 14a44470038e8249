// Every checkout route answers JSON that is never cached: order states and links are private
// and change from one request to the next. Errors carry a code, a message and, for bad input,
// the field at fault.
export interface ErrorBody {
  error: string;
  message: string;
  field?: string;
}

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...PRIVATE, ...headers } });
}

export function problem(status: number, error: string, message: string, field?: string): Response {
  const body: ErrorBody = field === undefined ? { error, message } : { error, message, field };
  return json(body, status);
}
