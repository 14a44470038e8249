// Default voucher codes: 16 characters from an alphabet without look-alikes (0/O, 1/I), in
// groups of four. Web Crypto, so that the engine also runs where `node:crypto` does not.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 16;

// A getRandomValues call costs ~10 µs however few bytes it fills (a tenth of a whole /api/pay),
// so bytes are drawn for 256 codes at once and handed out in turn.
const pool = new Uint8Array(CODE_LENGTH * 256);
let used = pool.length;

export function randomVoucherCode(): string {
  if (used + CODE_LENGTH > pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i += 1) {
    if (i > 0 && i % 4 === 0) code += "-";
    // 32 symbols divide 256 evenly, so taking each byte modulo 32 is unbiased.
    code += ALPHABET[(pool[used + i] as number) % ALPHABET.length];
  }
  used += CODE_LENGTH;
  return code;
}
