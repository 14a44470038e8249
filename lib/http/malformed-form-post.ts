// A POST to a page is how a form works without scripts: Next reads its body as a server
// action's form. A body that does not parse as the form its Content-Type names makes Next
// answer 500 (it throws while decoding the action), so such a request is refused as bad input
// before it reaches Next. The body is read from a copy, so Next still reads the original.

const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

/** True when `request` is a POST whose body is not the form its Content-Type says it is. */
export async function isMalformedFormPost(request: Request): Promise<boolean> {
  if (request.method !== "POST") return false;
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (!FORM_TYPES.some((form) => type.startsWith(form))) return false;
  try {
    await request.clone().formData();
    return false;
  } catch {
    return true;
  }
}
