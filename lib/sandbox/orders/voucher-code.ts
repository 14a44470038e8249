// Default voucher codes: 16 characters from an alphabet without look-alikes (0/O, 1/I), in
// groups of four. Web Crypto, so that the engine also runs where `node:crypto` does not.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function randomVoucherCode(): string {
  // 32 symbols divide 256 evenly, so taking each byte modulo 32 is unbiased.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}
