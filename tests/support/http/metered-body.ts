// A request body that counts what was read from it, for tests that a route refuses a body
// before reading it, or stops reading at its cap. Pulled only on demand (high-water mark 0),
// so nothing is read ahead of the reader.
export interface MeteredBody {
  stream: ReadableStream<Uint8Array>;
  /** Bytes handed to the reader so far. */
  readonly bytesRead: number;
}

export function meteredBody(totalBytes: number, chunkBytes = 16 * 1024): MeteredBody {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= totalBytes) return controller.close();
        const size = Math.min(chunkBytes, totalBytes - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    get bytesRead() {
      return sent;
    },
  };
}

export function streamedPost(url: string, body: MeteredBody, headers: Record<string, string> = {}): Request {
  return new Request(url, { method: "POST", headers, body: body.stream, duplex: "half" } as RequestInit);
}
