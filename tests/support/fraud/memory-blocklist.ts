// A BlockPort in memory for tests: exact matches on every field of the subject, first entry kept.
import type { BlockEntry, BlockKind, BlockPort, BlockSubject } from "@/lib/fraud/block-port";

export function memoryBlocklist(initial: BlockEntry[] = []): BlockPort & { entries: BlockEntry[] } {
  const entries = [...initial];
  const fields: [keyof BlockSubject, BlockKind][] = [["card", "card"], ["email", "email"], ["account", "account"], ["ip", "ip"], ["country", "country"]];
  return {
    entries,
    async block(entry) {
      if (!entries.some((e) => e.kind === entry.kind && e.value === entry.value)) entries.push(entry);
    },
    async unblock(kind, value) {
      const at = entries.findIndex((e) => e.kind === kind && e.value === value);
      if (at >= 0) entries.splice(at, 1);
    },
    async list() {
      return [...entries];
    },
    async match(subject) {
      for (const [field, kind] of fields) {
        const value = kind === "email" ? subject[field]?.toLowerCase() : subject[field];
        const found = value === undefined ? undefined : entries.find((e) => e.kind === kind && e.value === value);
        if (found) return found;
      }
      return null;
    },
  };
}
