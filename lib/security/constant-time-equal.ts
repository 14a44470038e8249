// API keys are secrets: comparing them with `===` leaks, through timing, how many leading
// characters matched. Hashing first gives equal-length inputs for timingSafeEqual.
import { createHash, timingSafeEqual } from "node:crypto";

export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b));
}
