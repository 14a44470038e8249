// The framework floor: first-load JS of an empty App Router page (bench/framework-floor) built
// with the same next and react as the shop, so the bench can say what our pages add over it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { spawnServer } from "../../tests/support/spawn-server";
import { firstLoadJs } from "./first-load-js";

const DIR = "bench/framework-floor";

export async function frameworkFloor(port: number, build: boolean): Promise<Awaited<ReturnType<typeof firstLoadJs>>> {
  if (build || !existsSync(`${DIR}/.next`)) execFileSync("npx", ["next", "build", DIR], { stdio: "inherit" });
  const server = await spawnServer("npx", ["next", "start", DIR, "-p", String(port)], { url: `http://127.0.0.1:${port}`, env: { NODE_ENV: "production" } });
  try {
    return await firstLoadJs(`${server.url}/`);
  } finally {
    await server.stop();
  }
}
