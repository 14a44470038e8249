// Bodies shaped as the spec's section 2 resources, for scripting the fake service.

export const balanceBody = {
  partner_id: 7,
  partner_name: "Demo partner",
  user_name: "demo",
  user_id: 11,
  balance: 1250.5,
  currency: "USD",
};

export const voucherOrderBody = {
  success: true,
  order_status: 2,
  order_status_text: "success",
  order_id: "100001",
  ext_order_id: "ext1",
  game_name: "Store Card",
  game_id: 1,
  voucher_id: 501,
  voucher_name: "Store Card 10",
  game_coins: 10,
  game_currency: "USD",
  delivery_method: "voucher_code",
  amount: 10,
  amount_currency: "USD",
  amount_charged: 9.75,
  amount_charged_currency: "USD",
  need_activation: 0,
  voucher_code: "ABCD-EFGH",
  expiration_date_voucher: "2027-01-01T00:00:00Z",
  message: "ok",
  discount_rate: 2.5,
};

export const failedBalanceOrderBody = {
  success: false,
  order_id: "100002",
  game_name: "Wallet",
  game_id: 2,
  account: "someone",
  amount: 5,
  amount_currency: "USD",
  amount_charged: 5,
  amount_charged_currency: "USD",
  message: "order failed",
  order_status: 3,
  order_status_text: "error",
  error_text: "supplier declined",
};

export const orderUpdateBody = {
  success: true,
  order_status: 2,
  order_status_text: "success",
  order_id: "100003",
  game_name: "Store Card",
  game_id: "1",
  voucher_id: "501",
  voucher_name: "Store Card 10",
  game_coins: 10,
  game_currency: "USD",
  amount: 10,
  amount_currency: "USD",
  amount_charged: 9.75,
  amount_charged_currency: "USD",
  voucher_code: "WXYZ",
  need_activation: 0,
  activation_voucher: false,
  message: "ok",
  discount_rate: 2.5,
};

export const reviseBody = {
  success: true,
  payments_count: 1,
  revise_payments_count: 0,
  revise_payments_true: 0,
  revise_payments_false: 0,
  revise_payments_not_found: 1,
  revise_payments_mismatches: [
    {
      order_id: "999",
      mismatch_reason: "not_found",
      partner_status: 2,
      partner_amount: 1,
      partner_transaction_time: "01.01.2026 10:00:00",
    },
  ],
};
