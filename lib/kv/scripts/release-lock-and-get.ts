// Let go of a lock and read another key in the same atomic step, so that no write falls between.
// A caller the lock kept out writes its key before it tries the lock (a wake-up mark, say), so
// whatever such a caller wrote is in the answer: it wrote before trying, it tried before this
// step, or it tried after and got the lock itself. Answers [released, the key's value or null].
import { z } from "zod";
import { defineScript } from "../define-script";
import { flagReply, stringOrNullReply } from "./reply";

export const releaseLockAndGet = defineScript({
  name: "release-lock-and-get",
  keys: ["lock", "other"],
  args: ["token"],
  lua: `
local released = 0
if redis.call('GET', lock) == token then released = redis.call('DEL', lock) end
return { released, redis.call('GET', other) }`,
  embedded(txn, keys, args) {
    const released = txn.get(keys.lock) === args.token && txn.del(keys.lock) ? 1 : 0;
    return [released, txn.get(keys.other)];
  },
  result: z.tuple([flagReply, stringOrNullReply]).transform(([released, value]) => ({ released, value })),
});
