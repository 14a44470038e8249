// Where the rules live in KV, per upstream: service and voucher ids of one upstream mean nothing
// to another, so a shop pointed at a new upstream starts again from its settings. The current
// pointer is a bare version number, so a request's check for a new version is one small GET.
export const RULES_KEYS = {
  current: (upstream: string) => `pricing:${upstream}:current`,
  version: (upstream: string, version: number) => `pricing:${upstream}:v:${version}`,
  history: (upstream: string) => `pricing:${upstream}:history`,
  /** One person's unsaved edits (lib/pricing/rule-drafts.ts). */
  draft: (upstream: string, email: string) => `pricing:${upstream}:draft:${email}`,
};
