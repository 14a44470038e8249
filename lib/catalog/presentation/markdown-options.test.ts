// Hostile Markdown from a long description renders as harmless HTML.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import { describe, expect, it } from "vitest";
import { markdownOptions } from "./markdown-options";

const render = (markdown: string) => renderToStaticMarkup(createElement(Markdown, markdownOptions(["cdn.shop.test"]), markdown));

describe("long description Markdown", () => {
  it("renders ordinary Markdown", () => {
    expect(render("# Title\n\n**Bold** and *soft*\n\n- one\n- two")).toBe(
      "<h1>Title</h1>\n<p><strong>Bold</strong> and <em>soft</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>",
    );
  });

  it("drops raw HTML: no script, no iframe, no event handler, no style", () => {
    const html = render(
      [
        "<script>alert(1)</script>",
        'Hi <img src="x" onerror="alert(1)"> <b onclick="alert(1)">there</b>',
        '<iframe src="https://evil.test"></iframe>',
        "<style>body{display:none}</style>",
        '<a href="https://evil.test">raw link</a>',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script|<iframe|<style|onerror|onclick|<b>|evil\.test|alert/i);
    expect(html).toContain("Hi");
  });

  it("keeps no javascript:, vbscript: or data: link", () => {
    const html = render("[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](vbscript:x) [d](data:text/html;base64,PHNjcmlwdD4=) [e](java&#x09;script:alert(1))");
    expect(html).not.toMatch(/javascript|vbscript|data:/i);
  });

  it("marks links rel=noopener nofollow", () => {
    expect(render("[shop](https://example.com/a) <https://example.com/b>")).toBe(
      '<p><a href="https://example.com/a" rel="noopener nofollow">shop</a> <a href="https://example.com/b" rel="noopener nofollow">https://example.com/b</a></p>',
    );
  });

  it("keeps images from public/ and allowed hosts only", () => {
    const html = render("![ok](https://cdn.shop.test/a.png) ![local](/brands/a.png) ![no](https://tracker.test/pixel.gif) ![no2](http://cdn.shop.test/a.png)");
    expect(html).toContain('src="https://cdn.shop.test/a.png"');
    expect(html).toContain('src="/brands/a.png"');
    expect(html).not.toMatch(/tracker\.test|http:\/\//);
  });
});
