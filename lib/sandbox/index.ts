// The sandbox's public surface: build one from a fixture, hand it Requests.
export { createSandbox, type Sandbox, type SandboxOptions } from "./create-sandbox";
export { fixtureSchema, type Fixture } from "./fixture/schema";
export type { Clock, Scheduler } from "@/lib/time/clock";
