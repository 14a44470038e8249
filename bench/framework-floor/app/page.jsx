// The framework floor: an empty App Router page built with the shop's own next and react.
// Its first-load JS is what any page pays before one line of ours (bench/lib/framework-floor.ts).
export default function Page() {
  return <p>empty</p>;
}
