// A TCP proxy in front of Redis that can lose one reply: the command reaches Redis and runs,
// then the client's connection is cut before the answer arrives. This is the case where a
// client that resends unanswered commands applies a write twice.
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface ReplyDroppingProxy {
  url: string;
  /** Lose the reply to the next command sent through the proxy, and close that connection. */
  dropNextReply(): void;
  /** Replies lost so far. */
  dropped(): number;
  close(): Promise<void>;
}

export async function startReplyDroppingProxy(redisUrl: string): Promise<ReplyDroppingProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let armed = false;
  let dropped = 0;

  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    let dropThisReply = false;
    client.on("data", (chunk) => {
      if (armed) {
        armed = false;
        dropThisReply = true;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!dropThisReply) return void client.write(chunk);
      dropped += 1;
      client.destroy();
      upstream.destroy();
    });
    const end = () => (client.destroy(), upstream.destroy());
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const auth = target.username || target.password ? `${target.username}:${target.password}@` : "";
  return {
    url: `redis://${auth}127.0.0.1:${port}${target.pathname}`,
    dropNextReply: () => void (armed = true),
    dropped: () => dropped,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
