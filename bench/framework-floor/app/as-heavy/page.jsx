// A static page as heavy as the shop's catalogue page (about 44 kB of HTML, half of it the inline
// RSC payload hydration needs, as in any App Router page): what Next itself spends serving that
// many bytes of a cached page, beside the empty page (bench/page-speed.ts,
// docs/architecture-decisions.md 240).
const ITEMS = Array.from({ length: 165 }, (_, n) => `Product ${n}: a game voucher's name, its region and its price`);

export default function Page() {
  return (
    <ul>
      {ITEMS.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
