// First-load JS of a page as a browser gets it: every script the HTML references, gzipped.
// Next 16's build output no longer prints per-route sizes, so this reads the page itself.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

export interface ScriptFile {
  src: string;
  gzipBytes: number;
  /** Of the content: the same framework chunk in two builds has the same hash, not the same name. */
  sha256: string;
}

export async function firstLoadJs(pageUrl: string): Promise<{ files: number; gzipBytes: number; rawBytes: number; perFile: ScriptFile[] }> {
  const html = await (await fetch(pageUrl)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script([^>]*)>/g)) {
    const attributes = match[1] ?? "";
    // nomodule polyfills are skipped by every browser that runs modules, so they are not counted.
    if (/\bnomodule\b/i.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) sources.add(src);
  }
  let gzipBytes = 0;
  let rawBytes = 0;
  const perFile: ScriptFile[] = [];
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src.replaceAll("&amp;", "&"), pageUrl))).arrayBuffer());
    rawBytes += body.length;
    const gzipped = gzipSync(body, { level: 9 }).length;
    gzipBytes += gzipped;
    perFile.push({ src, gzipBytes: gzipped, sha256: createHash("sha256").update(body).digest("hex") });
  }
  // Inline scripts (the RSC payload, the theme script) are part of the HTML, not counted here.
  return { files: sources.size, gzipBytes, rawBytes, perFile };
}
