// Preloaded (`node --import`) into a `next start` by bench/page-speed.ts: the same build as the
// shop's, with proxy.ts switched off, so a page's own cost can be told from what the proxy adds
// to it. Under `next start`, Next runs a Node proxy only when the build's
// functions-config-manifest names it, and reads that file twice: its router with
// fs.promises.readFile, its server with require. Both are handed the manifest minus the proxy,
// so the build on disk stays as it is for the shop started beside this one.
import { promises, readFileSync } from "node:fs";
import Module from "node:module";
import { join, resolve } from "node:path";

const path = resolve(join(".next", "server", "functions-config-manifest.json"));
const manifest = JSON.parse(readFileSync(path, "utf8"));
delete manifest.functions["/_middleware"];

const cached = new Module(path);
cached.filename = path;
cached.loaded = true;
cached.exports = manifest;
Module._cache[path] = cached;

const readFile = promises.readFile;
promises.readFile = function (file, ...rest) {
  if (typeof file === "string" && resolve(file) === path) return Promise.resolve(JSON.stringify(manifest));
  return readFile.call(this, file, ...rest);
};
