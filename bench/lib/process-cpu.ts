// CPU a server has used, read from outside it: the bench's figures per checkout divide it by
// the checkouts done meanwhile.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** User and system CPU, in ms, of the process listening on `port`, all threads (Linux /proc, 10 ms ticks). */
export function processCpuMs(port: number): () => number {
  const pid = /pid=(\d+)/.exec(execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString())?.[1];
  if (!pid) throw new Error(`no process listens on port ${port}`);
  return () => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
}
