// POST /api/language – the header's language switch (lib/i18n/language-choice.ts): a form post
// with `locale`, answered with the choice in a cookie and a 303 back to the page it came from.
import { NextResponse, type NextRequest } from "next/server";
import { problem } from "@/lib/http/json-answer";
import { route } from "@/lib/http/route";
import { readLanguageChoice } from "@/lib/i18n/language-choice";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";

const YEAR_SECONDS = 60 * 60 * 24 * 365;

export const POST = route({}, async (request: NextRequest) => {
  const form = await request.formData().catch(() => null);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const choice = readLanguageChoice(form, request.headers.get("referer"), host);
  if (!choice.ok) return problem("invalid", choice.error, { field: "locale" });
  // A relative Location: the browser resolves it against the address it used, proxy or not.
  const response = new NextResponse(null, { status: 303, headers: { Location: choice.value.back, "Cache-Control": "no-store" } });
  response.cookies.set(LOCALE_COOKIE, choice.value.locale, { path: "/", maxAge: YEAR_SECONDS, sameSite: "lax" });
  return response;
});
