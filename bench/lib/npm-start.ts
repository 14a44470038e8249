// What `npm start` (package.json) passes to node, so that a bench or the profiler starts a
// server as an owner does, V8 settings included: node cannot take --cpu-prof from NODE_OPTIONS,
// so the profiler needs the arguments themselves.
import { readFileSync } from "node:fs";

export function npmStartArgs(): string[] {
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = start.split(" ");
  if (command !== "node") throw new Error(`npm start runs ${command}, not node: it cannot be started the same way`);
  return args;
}
