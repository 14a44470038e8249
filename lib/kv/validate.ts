// Argument checks shared by the drivers, so a bad TTL or score fails the same way everywhere
// instead of as a driver-specific server error (or, worse, silently on one driver only).
import { KvError } from "./kv-error";

export function checkTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && !(Number.isSafeInteger(ttlMs) && ttlMs > 0)) {
    throw new KvError("invalid_argument", `ttlMs must be a positive integer, got ${ttlMs}`);
  }
}

export function checkInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new KvError("invalid_argument", `${name} must be a safe integer, got ${value}`);
}

export function checkCount(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
    throw new KvError("invalid_argument", `${name} must be a non-negative integer, got ${value}`);
  }
}

export function checkScore(name: string, value: number | undefined): void {
  if (value !== undefined && !Number.isFinite(value)) {
    throw new KvError("invalid_argument", `${name} must be a finite number, got ${value}`);
  }
}
