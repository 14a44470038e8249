// How the owner's long descriptions are rendered: Markdown to React elements on the server
// (react-markdown, no client code), with raw HTML dropped rather than shown or run, every URL
// through react-markdown's safe-protocol filter, the tree sanitised (rehype-sanitize's GitHub
// schema: no script, no style, no event attributes, ids prefixed), links out of the shop marked
// rel="noopener nofollow" (the owner vouches for none of them, and no page they open gets a
// handle on ours), and an image kept only when it would be allowed as a product image.
import type { Options } from "react-markdown";
import rehypeExternalLinks from "rehype-external-links";
import rehypeSanitize from "rehype-sanitize";
import { imageRefProblem } from "./image-ref";

export function markdownOptions(imageHosts: readonly string[]): Options {
  return {
    skipHtml: true,
    rehypePlugins: [rehypeSanitize, [rehypeExternalLinks, { rel: ["noopener", "nofollow"], protocols: ["http", "https", "mailto"] }]],
    allowElement: (element) => element.tagName !== "img" || (typeof element.properties.src === "string" && imageRefProblem(element.properties.src, imageHosts) === null),
  };
}
