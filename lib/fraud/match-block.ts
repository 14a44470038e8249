// Whether a blocklist entry covers a subject: one comparison per kind, with two that are not
// plain equality: `*.example.com` covers example.com and every name under it, and an IP entry
// may be a network. Networks are matched by Node's own net.BlockList, for IPv4 and IPv6 alike
// (an IPv4-mapped IPv6 address matches its IPv4 network).
import { BlockList, isIP } from "node:net";
import type { BlockEntry, BlockSubject } from "./block-port";

function ipCovered(entry: string, ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  const [address = "", prefix] = entry.split("/");
  const type = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (prefix === undefined) list.addAddress(address, type);
  else list.addSubnet(address, Number(prefix), type);
  return list.check(ip, family === 6 ? "ipv6" : "ipv4");
}

function domainCovered(pattern: string, email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (!pattern.startsWith("*.")) return domain === pattern;
  const base = pattern.slice(2);
  return domain === base || domain.endsWith(`.${base}`);
}

export function entryCovers(entry: Pick<BlockEntry, "kind" | "value">, subject: BlockSubject): boolean {
  switch (entry.kind) {
    case "email":
      return subject.email !== undefined && subject.email.toLowerCase() === entry.value;
    case "email_domain":
      return subject.email !== undefined && domainCovered(entry.value, subject.email);
    case "ip":
      return subject.ip !== undefined && ipCovered(entry.value, subject.ip);
    case "country":
      return subject.country !== undefined && subject.country.toUpperCase() === entry.value;
    case "account":
      return subject.account !== undefined && subject.account === entry.value;
    case "card":
      return subject.card !== undefined && subject.card === entry.value;
  }
}
