// A buyer over plain HTTP passing the demo's bot check (the emulated Turnstile,
// lib/turnstile-sandbox): it asks the token endpoint as the widget's checkbox does, for the
// shop it is about to check out on. Each token is good for one checkout, for 300 s.
export const SANDBOX_SITE_KEY = "sandbox-site-key";

export async function botToken(shopUrl: string, action = "checkout"): Promise<string> {
  const response = await fetch(new URL("/turnstile-sandbox/v0/token", shopUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sitekey: SANDBOX_SITE_KEY, action }),
  });
  if (!response.ok) throw new Error(`the bot check's token endpoint answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
