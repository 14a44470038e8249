// A POST to a page is how a form works without scripts: Next reads its body as a server
// action's form. A multipart body that does not parse makes Next answer 500 (it throws while
// decoding the action); a URL-encoded one never reaches an action (Next takes none) and the page
// was rendered as for a GET, 200, whatever the body held. Either is bad input, refused before it
// reaches Next with what is wrong with it. The body is read from a copy, so Next still reads the
// original.

const MULTIPART = "multipart/form-data";
const URLENCODED = "application/x-www-form-urlencoded";

/**
 * What is wrong with `request` when it is a POST whose body is not the form its Content-Type
 * says it is, or null. A URL-encoded body is read by the WHATWG rules, which never fail (a
 * broken escape is kept as text), so it is held to what every browser sends instead: each
 * percent escape decodes, and the bytes they make are UTF-8.
 */
export async function malformedFormPost(request: Request): Promise<string | null> {
  if (request.method !== "POST") return null;
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (type.startsWith(MULTIPART)) {
    try {
      await request.clone().formData();
      return null;
    } catch {
      return "the multipart body does not parse";
    }
  }
  if (type.startsWith(URLENCODED)) {
    return decodes(await request.clone().text()) ? null : "a percent escape in the URL-encoded body does not decode to UTF-8 text";
  }
  return null;
}

function decodes(body: string): boolean {
  try {
    // decodeURIComponent throws on an escape that is cut short or not hex, and on bytes that are no UTF-8.
    for (const pair of body.split("&")) for (const part of pair.split("=")) decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}
