// A TCP proxy that holds every reply chunk back a fixed time before passing it on: a Redis on
// loopback made to answer as one across a network does (a managed store in the shop's region),
// for bench/compare-builds.ts. Nagle is off on both sides, or small replies would wait for ACKs.
import { createServer, connect, type Server } from "node:net";

export interface DelayingProxy {
  port: number;
  close(): Promise<void>;
}

export async function startDelayingProxy(port: number, target: { host: string; port: number }, delayMs: number): Promise<DelayingProxy> {
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => setTimeout(() => client.write(chunk), delayMs));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on("error", end);
      socket.on("close", end);
    }
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
