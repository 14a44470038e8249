// Where a product image may come from: a file the shop ships in public/ or an https URL on a host
// the owner allow-listed (SHOP_IMAGE_HOSTS). Any other host could track buyers or swap the
// picture after the owner looked, so it is refused when saved and dropped when rendered.

/** A path under public/: no "//" (another host), no ".." (outside public/), an image extension. */
const PUBLIC_IMAGE = /^\/(?!\/)(?!.*\.\.)[A-Za-z0-9._\-/]+\.(png|jpe?g|webp|avif|gif|svg)$/i;

export type ImageRefProblem = "not_https" | "host_not_allowed" | "not_an_image_path" | "not_a_url";

/** Null when `ref` may be shown; otherwise why not. `hosts` are lower-case host names. */
export function imageRefProblem(ref: string, hosts: readonly string[]): ImageRefProblem | null {
  if (ref.startsWith("/")) return PUBLIC_IMAGE.test(ref) ? null : "not_an_image_path";
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    return "not_a_url";
  }
  if (url.protocol !== "https:" || url.username || url.password) return "not_https";
  return hosts.includes(url.hostname.toLowerCase()) ? null : "host_not_allowed";
}

export function isPublicImagePath(ref: string): boolean {
  return ref.startsWith("/") && PUBLIC_IMAGE.test(ref);
}
