// The hosted payment page: GET shows the form, POST pays with the typed card, and the 3-D Secure
// test card's second screen posts to /authenticate. Answers are HTML or redirects.
import type { SandboxContext } from "../context";
import { authenticateSession, paySession, type PayOutcome } from "../objects/pay-session";
import { readSession } from "../objects/sessions";
import { authenticatePage, messagePage, payPage } from "../page/hosted-page";
import { parseForm } from "./form-params";
import type { HttpReply, SandboxRequest } from "./reply";

export async function handlePageRequest(context: SandboxContext, request: SandboxRequest, path: string, basePath: string): Promise<HttpReply> {
  const match = /^\/pay\/([A-Za-z0-9_]+)(\/authenticate)?$/.exec(path);
  const sessionId = match?.[1];
  if (!sessionId) return html(404, messagePage("Not found", "There is no such page in the payments sandbox."));
  const payAction = `${basePath}/pay/${sessionId}`;
  const read = await readSession(context, sessionId);
  if (!read.ok) return html(404, messagePage("Not found", "This payment page does not exist."));
  const stored = read.value;
  if (request.method === "GET") {
    if (stored.session.status !== "open") return html(410, messagePage("Checkout closed", `This checkout session is ${stored.session.status}.`));
    return html(200, match[2] ? authenticatePage(stored, `${payAction}/authenticate`) : payPage(stored, payAction));
  }
  if (request.method !== "POST") return html(405, messagePage("Not allowed", "Use GET or POST."));
  const form = parseForm(await request.text());
  const outcome = match[2]
    ? await authenticateSession(context, sessionId, form.decision === "approve")
    : await paySession(context, sessionId, typeof form.card_number === "string" ? form.card_number : "", typeof form.expiry === "string" ? form.expiry : "");
  if (!outcome.ok) return html(409, messagePage("Checkout closed", outcome.error));
  return answerOutcome(outcome.value, stored, payAction);
}

function answerOutcome(outcome: PayOutcome, stored: Parameters<typeof payPage>[0], payAction: string): HttpReply {
  switch (outcome.kind) {
    case "authorized":
      return { status: 303, headers: { Location: outcome.redirectTo }, body: null };
    case "authenticate":
      return { status: 303, headers: { Location: `${payAction}/authenticate` }, body: null };
    case "declined":
      return html(402, payPage(stored, payAction, outcome.message));
  }
}

function html(status: number, body: string): HttpReply {
  return { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }, body };
}
