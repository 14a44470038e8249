// What every operation of the engine shares; built once by createOrderEngine.
import type { CatalogIndex } from "../catalog-index";
import type { Fixture, FixturePartner } from "../fixture/schema";
import type { Clock } from "@/lib/time/clock";
import type { SandboxStore } from "../store/sandbox-store";
import type { OrderKeeper } from "./order-keeper";

export interface EngineContext {
  fixture: Fixture;
  catalog: CatalogIndex;
  clock: Clock;
  store: SandboxStore;
  orders: OrderKeeper;
  partners: ReadonlyMap<number, FixturePartner>;
}

export const secondsToMs = (seconds: number) => Math.round(seconds * 1000);
