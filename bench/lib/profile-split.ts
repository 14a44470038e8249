// Where a `node --cpu-prof` profile of the shop spent its time, in buckets a reader can act on
// (the KV, the catalogue decode, the email after the answer, Next, …): each sample goes to the
// first bucket any frame of its stack belongs to, frames mapped through the build's source maps
// to our own files. Sampled CPU is inflated by the profiler itself, so compare splits of runs
// made the same way rather than read them as wall time.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

/** The parts of a `.cpuprofile` the splits read. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Named buckets, tried in order on every frame of a sample's stack. */
export type Buckets = [string, RegExp][];

/** First match wins: a sample inside the email's nodemailer counts as the email, not as Node. */
const BUCKETS: Buckets = [
  ["after(): order email (nodemailer, outbox)", /order-email|lib\/mail\/|nodemailer/],
  ["proxy.ts + Next middleware", /proxy\.ts|web\/adapter|runMiddleware/],
  ["tsx ESM hooks (the cache handler's loader, on every dynamic import)", /esm\/hooks|makeAsyncRequest/],
  ["KV: LMDB and our drivers and scripts", /lib\/kv\/|node_modules\/lmdb|ordered-binary/],
  ["catalogue read and decode for the quote", /lib\/catalog\//],
  ["order record parse and JSON (order-store)", /order-store\.ts/],
  ["Partner API client (/api/pay over fetch)", /lib\/partner\//],
  ["payments: stripe SDK and our adapter", /node_modules\/stripe|lib\/payments\/|stripe-payments/],
  ["operations (sales guard, call observers, balance)", /lib\/operations\//],
  ["checkout logic, rate limit, HTTP helpers (ours)", /^(lib|app)\//],
  ["Next.js request handling", /node_modules\/next\/|^src\/|webpack:\/\/next|\[turbopack\]/],
];
const UNNAMED = "Node with no library frame (HTTP server and client, streams, async hooks)";

/**
 * The payments sandbox's process (bench/lib/service-process.ts): its KV first, as in the shop's;
 * the webhook's POST to the shop (over node:http there, webhooks/post-over-http.ts) and its
 * signature; the request's parameters; the rest of ours.
 */
export const PAYMENTS_SANDBOX_BUCKETS: Buckets = [
  ["tsx ESM hooks (loading the sandbox's modules)", /esm\/hooks|makeAsyncRequest|node_modules\/tsx/],
  ["KV: LMDB and our drivers, scripts and locks", /lib\/kv\/|node_modules\/lmdb|ordered-binary|msgpackr/],
  ["webhook delivery: the POST to the shop and its signature", /webhooks\/deliver-due|webhooks\/sign|webhooks\/post-/],
  ["parameters: qs and zod", /node_modules\/qs|node_modules\/zod|http\/form-params/],
  ["idempotency keys: hashes and canonical form", /http\/idempotency/],
  ["hosted page HTML", /page\/hosted-page/],
  ["node:http server: the request read, the reply written (serve.ts, the bench's count)", /payments-sandbox\/serve|counting-payments|service-process/],
  ["Stripe objects, events and routes (ours)", /lib\/payments-sandbox\//],
];

/** Milliseconds of samples per bucket over [fromUs, toUs] (the profile's monotonic clock). */
export function profileSplit(file: string, fromUs = 0, toUs = Number.POSITIVE_INFINITY, buckets: Buckets = BUCKETS): Map<string, number> {
  return profileSplits(file, new Map([["all", [[fromUs, toUs]]]]), buckets).get("all")!;
}

/**
 * The same split for each of several named parts of a run, each a list of windows (a kind of
 * request made many times): the profile is read once, and a sample in no window counts nowhere.
 */
export function profileSplits(file: string, parts: Map<string, [number, number][]>, buckets: Buckets = BUCKETS): Map<string, Map<string, number>> {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const where = framesOf();
  const windows = [...parts].flatMap(([part, spans]) => spans.map(([from, to]) => ({ part, from, to }))).sort((a, b) => a.from - b.from);

  // Self time per part and node; samples come in time order, so one pass walks the windows.
  const self = new Map<string, Map<number, number>>([...parts.keys()].map((part) => [part, new Map()]));
  let at = profile.startTime;
  let w = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    while (w < windows.length && windows[w]!.to < at) w += 1;
    // Windows may overlap (a part spanning the whole run): every one holding the sample counts it.
    for (let v = w; v < windows.length && windows[v]!.from <= at; v += 1) {
      if (windows[v]!.to < at) continue;
      const nodes = self.get(windows[v]!.part)!;
      nodes.set(id, (nodes.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    }
  });
  const bucketOf = new Map<number, string>();
  const bucket = (id: number) => {
    let found = bucketOf.get(id);
    if (found === undefined) {
      const frames: string[] = [];
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) frames.push(where(byId.get(node)!));
      const leaf = byId.get(id)!.callFrame.functionName;
      found = buckets.find(([, pattern]) => frames.some((frame) => pattern.test(frame)))?.[0] ?? (leaf.startsWith("(") ? leaf : UNNAMED);
      bucketOf.set(id, found);
    }
    return found;
  };
  return new Map(
    [...self].map(([part, nodes]) => {
      const split = new Map<string, number>();
      for (const [id, us] of nodes) split.set(bucket(id), (split.get(bucket(id)) ?? 0) + us / 1000);
      return [part, split];
    }),
  );
}

/** "file:function" of a frame, through the chunk's source map when it has one. */
function framesOf(): (node: ProfileNode) => string {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const path = url.startsWith("file:") ? fileURLToPath(url) : url;
      maps.set(url, url && existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8"))) : null);
    }
    return maps.get(url);
  };
  return ({ callFrame }) => {
    const entry = mapOf(callFrame.url)?.findEntry(callFrame.lineNumber, callFrame.columnNumber);
    const file = (entry && "originalSource" in entry ? entry.originalSource : undefined) ?? callFrame.url;
    const tidy = file
      .replace(/^turbopack:\/\/\/\[project\]\//, "")
      .replace(/^file:\/\/\/?/, "/")
      .replace(`${process.cwd()}/`, "")
      .replace(/\?tsx-namespace=.*$/, "")
      .replace(/^(\.\.\/)+/, "");
    return `${tidy}:${callFrame.functionName}`;
  };
}
