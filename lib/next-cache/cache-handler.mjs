// The file next.config.mjs names as `cacheHandler`. The server imports it with Node's own loader
// at run time, outside the bundle, and Node cannot load TypeScript or our "@/" paths, so the
// handler (kv-cache-handler.ts) and the KV drivers it shares with the shop are loaded through
// tsx, the TypeScript loader the project already runs its scripts with. Turbopack also bundles
// this file into the proxy, which under `next start` uses the server's cache instead: the import
// is left to run time there (turbopackIgnore), and nothing loads until a handler is used.

let loading;

function loadHandler() {
  loading ??= import(/* turbopackIgnore: true */ /* webpackIgnore: true */ "tsx/esm/api")
    .then(({ tsImport }) => tsImport("./kv-cache-handler.ts", import.meta.url))
    .then((module) => module.default.default ?? module.default);
  return loading;
}

export default class CacheHandler {
  #ctx;
  #handler;

  constructor(ctx) {
    this.#ctx = ctx;
  }

  #use() {
    this.#handler ??= loadHandler().then((Handler) => new Handler(this.#ctx));
    return this.#handler;
  }

  async get(...args) {
    return (await this.#use()).get(...args);
  }

  async set(...args) {
    return (await this.#use()).set(...args);
  }

  async revalidateTag(...args) {
    return (await this.#use()).revalidateTag(...args);
  }

  resetRequestCache() {
    // Nothing is kept per request.
  }
}
