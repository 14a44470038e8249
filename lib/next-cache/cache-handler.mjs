// The file next.config.mjs names as `cacheHandler`. The server imports it with Node's own loader
// at run time, outside the bundle; the handler itself (kv-cache-handler.ts) and the KV drivers it
// shares with the shop are bundled to built/kv-cache-handler.mjs by next.config.mjs when the shop
// is built. Turbopack also bundles this file into the proxy, which under `next start` uses the
// server's cache instead: the import is left to run time there (turbopackIgnore), and nothing
// loads until a handler is used.

let loading;

function loadHandler() {
  loading ??= import(/* turbopackIgnore: true */ /* webpackIgnore: true */ "./built/kv-cache-handler.mjs").then(
    (module) => module.default.default ?? module.default,
  );
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
