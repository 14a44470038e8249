// The account a buyer typed travels with them when the player check sends them to the product
// for their region: the link carries it in its query, and the new page fills it in and drops
// it from the address bar, so it is not kept in history or in a link they share.
import type { AccountValues } from "@/lib/catalog/account-rules";
import type { AccountForm } from "@/lib/catalog/types";

export function withCarriedAccount(href: string, values: AccountValues): string {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value.trim() !== ""));
  return query.size > 0 ? `${href}?${query.toString()}` : href;
}

/** The carried values this form has fields for, and the query without them. */
export function takeCarriedAccount(search: string, form: AccountForm): { values: AccountValues; rest: string } {
  const query = new URLSearchParams(search);
  const values: AccountValues = {};
  for (const field of form.fields) {
    const value = query.get(field.name);
    if (value !== null) values[field.name] = value;
    query.delete(field.name);
  }
  const rest = query.toString();
  return { values, rest: rest ? `?${rest}` : "" };
}
