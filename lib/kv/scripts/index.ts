// Every atomic script, in one list: the contract tests run each of them on every driver.
import { compareAndSet } from "./compare-and-set";
import { deleteIndexed } from "./delete-indexed";
import { incrWithTtl } from "./incr-with-ttl";
import { putIndexed } from "./put-indexed";
import { releaseLock } from "./release-lock";
import { renewLock } from "./renew-lock";
import { setIfAbsentOrGet } from "./set-if-absent-or-get";

export { receiptKey, type CompareAndSetResult } from "./compare-and-set";
export { compareAndSet, deleteIndexed, incrWithTtl, putIndexed, releaseLock, renewLock, setIfAbsentOrGet };

export const KV_SCRIPTS = [compareAndSet, deleteIndexed, incrWithTtl, putIndexed, releaseLock, renewLock, setIfAbsentOrGet] as const;
