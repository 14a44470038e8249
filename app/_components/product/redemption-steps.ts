// How a buyer redeems a code, by the platform upstream names (spec 2.3 `platform`): known
// platforms get their store's own steps, any other steps that hold everywhere. The words are
// in the messages (redeem.<key>), per language.
const PLATFORMS = ["playstation", "xbox", "nintendo", "pc", "mobile"] as const;

export type RedemptionKey = (typeof PLATFORMS)[number] | "anywhere";

export function redemptionKey(platform: string | null): RedemptionKey {
  const key = platform?.trim().toLowerCase() ?? "";
  return (PLATFORMS as readonly string[]).includes(key) ? (key as RedemptionKey) : "anywhere";
}
