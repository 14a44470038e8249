// Every atomic script, in one list: the contract tests run each of them on every driver.
import { compareAndSet } from "./compare-and-set";
import { incrWithTtl } from "./incr-with-ttl";
import { releaseLock } from "./release-lock";
import { releaseLockAndGet } from "./release-lock-and-get";
import { renewLock } from "./renew-lock";

export { receiptKey, type CompareAndSetResult } from "./compare-and-set";
export { compareAndSet, incrWithTtl, releaseLock, releaseLockAndGet, renewLock };

export const KV_SCRIPTS = [compareAndSet, incrWithTtl, releaseLock, releaseLockAndGet, renewLock] as const;
