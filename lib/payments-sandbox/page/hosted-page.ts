// The hosted payment page: plain server-rendered HTML with a <form> POST, so it works without
// JavaScript, in the shop's colours, and says plainly that it is a test page.
import type { StoredSession } from "../objects/records";

const STYLE = `
:root{--bg:#0f1117;--fg:#e8e9ee;--muted:#9aa0ae;--accent:#7c5cff;--danger:#ff6b6b;--panel:#181b24}
body{margin:0;font-family:system-ui,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:26rem;margin:3rem auto;padding:1.5rem;background:var(--panel);border-radius:.75rem}
.badge{display:inline-block;padding:.2rem .5rem;border:1px solid var(--accent);border-radius:.4rem;color:var(--accent);font-size:.8rem}
label{display:block;margin-top:1rem}input{display:block;width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;font-size:1rem}
button{margin-top:1.2rem;padding:.7rem 1.2rem;font-size:1rem;background:var(--accent);color:#fff;border:0;border-radius:.4rem;cursor:pointer}
a{color:var(--muted)}.error{color:var(--danger)}.muted{color:var(--muted)}table{width:100%}td.amount{text-align:right}`;

// Stripe sends ISK and UGX with two decimals that are always 00, though ISO gives them none.
const TWO_DECIMALS_AT_STRIPE = new Set(["ISK", "UGX"]);

/** A Stripe amount (smallest unit as Stripe counts it) as the buyer reads it. */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() });
  const digits = TWO_DECIMALS_AT_STRIPE.has(currency.toUpperCase()) ? 2 : (format.resolvedOptions().maximumFractionDigits ?? 2);
  // Integer division into whole and part keeps the sum exact; only the display is decimal.
  return format.format(Number(`${Math.trunc(amount / 10 ** digits)}.${String(amount % 10 ** digits).padStart(digits, "0")}`));
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>
<p class="badge">TEST MODE – payments sandbox, no real money moves</p>${body}</main></body></html>`;
}

export function payPage(stored: StoredSession, action: string, error?: string): string {
  const { session } = stored;
  const rows = stored.line_items
    .map((item) => `<tr><td>${escape(item.name)} × ${item.quantity}</td><td class="amount">${formatAmount(item.unit_amount * item.quantity, session.currency)}</td></tr>`)
    .join("");
  const cancel = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel</a></p>` : "";
  return layout(
    "Test payment",
    `<h1>Pay ${formatAmount(session.amount_total, session.currency)}</h1>
<table aria-label="Order summary">${rows}</table>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ""}
<form method="post" action="${escape(action)}">
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<label for="expiry">Expiry (optional)</label><input id="expiry" name="expiry" placeholder="12/34">
<label for="cvc">CVC (optional)</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123">
<button type="submit">Pay</button></form>${cancel}
<p class="muted">Test cards: 4242 4242 4242 4242 authorizes; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds;
4000 0025 0000 3155 and 4000 0027 6000 3184 ask for 3-D Secure; 4100 0000 0000 0019 is always blocked as highest risk and
4000 0000 0000 4954 is highest risk; 4000 0000 0000 9235 is elevated risk (review); once captured, 4000 0000 0000 0259 is disputed
and 4000 0000 0000 5423 draws an early fraud warning.</p>`,
  );
}

export function authenticatePage(stored: StoredSession, action: string): string {
  return layout(
    "Approve test payment",
    `<h1>3-D Secure: approve this payment?</h1><p>Your bank asks you to confirm ${formatAmount(stored.session.amount_total, stored.session.currency)}.</p>
<form method="post" action="${escape(action)}"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="fail">Fail authentication</button></form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}
