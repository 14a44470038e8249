"use client";
// Ticks or unticks every row of this page of the list in one go. Offered only once the page
// runs JavaScript, since without it the box could do nothing; "every product matching the
// filters" covers that case on the server.
import { useSyncExternalStore, type ChangeEvent } from "react";

const noSubscription = () => () => {};

export function SelectAllOnPage({ label }: { label: string }) {
  // False in the server's HTML, true once hydrated: the box appears only where it works.
  const ready = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!ready) return null;

  function toggle(event: ChangeEvent<HTMLInputElement>) {
    const boxes = event.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name^="service-"]') ?? [];
    for (const box of boxes) box.checked = event.currentTarget.checked;
  }

  return (
    <label>
      <input type="checkbox" onChange={toggle} /> {label}
    </label>
  );
}
