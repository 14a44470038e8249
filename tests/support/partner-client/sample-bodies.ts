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

export const serviceBody = {
  id: 1,
  game_name: "Store Card",
  brand: "Store",
  country: null,
  region: "GLOBAL",
  platform: null,
  delivery_time_target_minutes: 1,
  delivery_time_max_minutes: 10,
  description: null,
  type: "voucher",
  activation: "auto",
  currency: "USD",
  avalible: true,
  request: false,
  account_check: false,
  discount_percent: 1.5,
  has_voucher_discounts: true,
  max_voucher_discount_percent: 3,
  min_voucher_discount_percent: 0.5,
};

export const accountFieldBody = {
  name: "player_id",
  type: "input",
  label: "Player ID",
  prefix: "ID",
  label_zh: "玩家ID",
  position: 1,
  multiline: false,
  placeholder: "",
};

export const voucherBody = {
  avalible: true,
  voucher_id: 501,
  voucher_name: "Store Card 10",
  amount: 10,
  currency: "USD",
  game_coins: 10,
  origin_price: 9.5,
  origin_currency: "USD",
  discount_rate: 2.5,
  account_need: true,
  account_check: true,
  delivery_method: "direct_topup",
  account_format: "player_id|zone_id",
  account_separator: "|",
  account_fields: [accountFieldBody, { ...accountFieldBody, name: "zone_id", label: "Zone ID", position: 2 }],
};

export const balanceOrderBody = { ...failedBalanceOrderBody, success: true, order_status: 2, order_status_text: "success" };

export const accountCheckBody = {
  success: false,
  message: "wrong region",
  game_name: "Mythic Realms",
  game_id: 426,
  account: "1|2",
  error_code: "wrong_service_region",
  recommended_game_id: 427,
  error: 0,
};

export const tokenBody = { token: "t", expires_in: 3600, expires_at: "2026-01-15 13:00:00" };
