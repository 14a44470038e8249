// Which account form applies to a purchase. Vouchers carry their own (spec 2.4); a balance
// top-up (spec 4.5) takes one account value and upstream describes no form for it.
import type { AccountForm, Denomination, ProductDetail } from "./types";

export const BALANCE_ACCOUNT_FORM: AccountForm = {
  format: "account",
  separator: null,
  fields: [
    {
      name: "account",
      type: "input",
      label: "Account",
      prefix: "",
      label_zh: "账户",
      position: 1,
      multiline: false,
      placeholder: "The account to top up",
    },
  ],
};

export type PurchaseFormLookup =
  | { ok: true; form: AccountForm | null; denomination: Denomination | null }
  | { ok: false; message: string };

/** The form for a voucher of the product, or for the product itself when it is a balance service. */
export function purchaseAccountForm(detail: ProductDetail, voucherId: number | null): PurchaseFormLookup {
  if (voucherId === null) {
    if (detail.product.type !== "balance") return { ok: false, message: "Choose an amount first" };
    return { ok: true, form: BALANCE_ACCOUNT_FORM, denomination: null };
  }
  const denomination = detail.denominations.find((d) => d.voucherId === voucherId);
  if (!denomination) return { ok: false, message: "This amount is not sold for this product" };
  return { ok: true, form: denomination.account, denomination };
}
