// How a buyer redeems a code, by the platform upstream names (spec 2.3 `platform`). Known
// platforms get their store's own steps; any other gets steps that hold everywhere.
export interface Redemption {
  /** Where the code is entered, e.g. "PlayStation Store". */
  where: string;
  steps: string[];
}

const BY_PLATFORM: Readonly<Record<string, Redemption>> = {
  playstation: {
    where: "PlayStation Store",
    steps: [
      "On your console or at the PlayStation Store website, sign in to the account whose region matches the card.",
      "Open your account menu and choose “Redeem codes”.",
      "Enter the code and confirm; the funds or content appear on the account straight away.",
    ],
  },
  xbox: {
    where: "Microsoft Store",
    steps: [
      "Sign in on your Xbox, in the Microsoft Store app, or at the Microsoft Store website with the account that should get it.",
      "Choose “Redeem a code” (on the console: Store › Redeem).",
      "Enter the 25-character code and confirm.",
    ],
  },
  nintendo: {
    where: "Nintendo eShop",
    steps: [
      "Open Nintendo eShop on your console and pick the user the code is for.",
      "Choose “Enter Code” on the left.",
      "Type the 16-character code and confirm.",
    ],
  },
  pc: {
    where: "the game's store or launcher",
    steps: [
      "Open the store or launcher the card is for and sign in to your account.",
      "Find “Redeem a code” or “Add funds”, usually in the account or wallet menu.",
      "Paste the code exactly as shown and confirm.",
    ],
  },
  mobile: {
    where: "the game or its official top-up page",
    steps: [
      "Open the game (or its official top-up page) and sign in to your account.",
      "Go to the shop's “Redeem” or “Gift code” section.",
      "Paste the code exactly as shown and confirm.",
    ],
  },
};

const ANYWHERE: Redemption = {
  where: "the game or store the code is for",
  steps: [
    "Open the game or store the code is for and sign in to your account.",
    "Find where codes are redeemed, usually called “Redeem” in the account or shop menu.",
    "Paste the code exactly as shown and confirm.",
  ],
};

export function redemptionFor(platform: string | null): Redemption {
  return (platform && BY_PLATFORM[platform.trim().toLowerCase()]) || ANYWHERE;
}
