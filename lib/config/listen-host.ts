// The address `next start -H` or the standalone server's HOSTNAME told the shop to listen on.
// proxy.ts rewrites every shop page, and Next renders a rewrite in the same process only when
// its URL has the server's own origin, which it builds from that address; its middleware writes
// a loopback literal (127.0.0.1, [::1]) as "localhost", so the origins differ and Next fetches
// every page again from http://localhost:<port> over a second connection: half the page
// throughput, and "Failed to proxy … socket hang up" (500) under load. Rather than leave that to
// a warning, the shop refuses to start on such an address and names the fix.

export interface ProcessView {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
}

/** The address given, or null when none was (Next's default, every interface). */
export function listenHostOf({ argv, env }: ProcessView): string | null {
  // The standalone server.js reads HOSTNAME, and Next's build marks its process so.
  if (env.__NEXT_PRIVATE_STANDALONE_CONFIG !== undefined) return env.HOSTNAME ?? null;
  for (const [n, arg] of argv.entries()) {
    if (arg === "-H" || arg === "--hostname") return argv[n + 1] ?? null;
    if (arg.startsWith("--hostname=")) return arg.slice("--hostname=".length);
  }
  return null;
}

const LOOPBACK_LITERAL = /^(?:127(?:\.\d{1,3}){3}|::1|\[::1\])$/;

/** Why the shop must not start on `host`, naming the setting to change; null when it may. */
export function loopbackLiteralProblem(host: string | null, setting: "-H" | "HOSTNAME"): string | null {
  if (host === null || !LOOPBACK_LITERAL.test(host)) return null;
  const fix = setting === "-H" ? "-H localhost" : "HOSTNAME=localhost";
  const all = setting === "-H" ? "-H 0.0.0.0 (or no -H)" : "HOSTNAME=0.0.0.0";
  return (
    `the server was started on ${host} (${setting}): Next would fetch every page the shop rewrites again from http://localhost over a second connection. ` +
    `Start it with ${fix} (with NODE_OPTIONS=--dns-result-order=ipv4first, to stay on 127.0.0.1) or ${all} to listen on every interface`
  );
}

/** The problem with how this process was started, if any. */
export function startAddressProblem(view: ProcessView): string | null {
  return loopbackLiteralProblem(listenHostOf(view), view.env.__NEXT_PRIVATE_STANDALONE_CONFIG !== undefined ? "HOSTNAME" : "-H");
}
