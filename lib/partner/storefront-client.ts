// The Partner API client the storefront uses, built from configuration. With PARTNER_API_URL
// unset it talks to the embedded sandbox in process: same requests and responses as over
// HTTP to /sandbox, without a loopback hop, and it works during `next build` too.
import { env } from "@/lib/config/env";
import { EMBEDDED_SANDBOX_PATH, getEmbeddedSandbox } from "@/lib/sandbox/embedded";
import { createPartnerClient, type PartnerClient, type TokenStore } from "./client";

export interface UpstreamTarget {
  baseUrl: string;
  login: string;
  apiKey: string;
  fetch: typeof fetch;
  embedded: boolean;
}

export async function resolveUpstream(): Promise<UpstreamTarget> {
  const config = env();
  if (config.PARTNER_API_URL && config.PARTNER_LOGIN && config.PARTNER_API_KEY) {
    return {
      baseUrl: config.PARTNER_API_URL,
      login: config.PARTNER_LOGIN,
      apiKey: config.PARTNER_API_KEY,
      fetch: globalThis.fetch,
      embedded: false,
    };
  }
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

export async function createStorefrontClient(tokenStore?: TokenStore): Promise<PartnerClient> {
  const target = await resolveUpstream();
  return createPartnerClient({
    baseUrl: target.baseUrl,
    login: target.login,
    apiKey: target.apiKey,
    fetch: target.fetch,
    tokenStore,
  });
}
