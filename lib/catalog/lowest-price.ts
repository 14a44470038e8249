// The "from …" price of a product: its cheapest denomination that can be bought.
import type { Money } from "@/lib/money/money";

export function lowestPrice(denominations: { available: boolean; price: Money | null }[]): Money | null {
  let lowest: Money | null = null;
  for (const d of denominations) {
    if (d.available && d.price && (!lowest || d.price.minor < lowest.minor)) lowest = d.price;
  }
  return lowest;
}
