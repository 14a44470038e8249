// The Partner API client the storefront uses, built from configuration. A demo shop talks to
// the embedded sandbox in process: same requests and responses as over HTTP to /sandbox,
// without a loopback hop. A live shop never loads the sandbox code at all: it is reached only
// through the dynamic import below, behind the mode check.
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { partnerCallSettings, type PartnerCallSettings } from "@/lib/partner/call-settings";
import { createPartnerClient, type PartnerClient, type TokenStore } from "@/lib/partner/client";

export interface UpstreamTarget {
  baseUrl: string;
  login: string;
  apiKey: string;
  fetch: typeof fetch;
  embedded: boolean;
}

export async function resolveUpstream(): Promise<UpstreamTarget> {
  const config = env();
  if (shopMode() === "live") {
    const { PARTNER_API_URL, PARTNER_LOGIN, PARTNER_API_KEY } = config;
    // shopMode() has checked these; the guard only narrows the types.
    if (!PARTNER_API_URL || !PARTNER_LOGIN || !PARTNER_API_KEY) throw new Error("live mode without partner settings");
    return { baseUrl: PARTNER_API_URL, login: PARTNER_LOGIN, apiKey: PARTNER_API_KEY, fetch: globalThis.fetch, embedded: false };
  }
  const { EMBEDDED_SANDBOX_PATH, getEmbeddedSandbox } = await import("./embedded-sandbox");
  const { sandbox, fixture } = await getEmbeddedSandbox();
  const partner = fixture.partners[0];
  if (!partner) throw new Error("The sandbox fixture has no partner for the storefront to log in as");
  return {
    baseUrl: `http://localhost:${config.PORT}${EMBEDDED_SANDBOX_PATH}`,
    login: config.PARTNER_LOGIN ?? partner.login,
    apiKey: config.PARTNER_API_KEY ?? partner.api_key,
    fetch: (input, init) => sandbox.handle(new Request(input, init)),
    embedded: true,
  };
}

/**
 * The timeouts and retries the storefront's client runs with (PARTNER_TIMEOUT_SECONDS and the
 * like). Size every lock or lease around its calls from these, e.g.
 * `worstCaseAuthorizedCallMs(storefrontCallSettings())`, or it may expire mid-call.
 */
export function storefrontCallSettings(): PartnerCallSettings {
  return partnerCallSettings(env());
}

/**
 * `observe` may wrap the transport to measure each call (lib/operations/call-observers.ts); it
 * must pass every answer and error through unchanged.
 */
export async function createStorefrontClient(tokenStore?: TokenStore, observe?: (inner: typeof fetch) => typeof fetch): Promise<PartnerClient> {
  const target = await resolveUpstream();
  return createPartnerClient({
    baseUrl: target.baseUrl,
    login: target.login,
    apiKey: target.apiKey,
    fetch: observe ? observe(target.fetch) : target.fetch,
    tokenStore,
    ...storefrontCallSettings(),
    // A staging shop's orders are all test orders: nothing debited, no supplier contacted.
    testMode: env().PARTNER_TEST_MODE,
  });
}
