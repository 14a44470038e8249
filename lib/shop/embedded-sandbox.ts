// The sandbox the Next app mounts at /sandbox when PARTNER_API_URL is unset. Its state lives in
// the shop's KV, so that every worker process and serverless invocation sees the same orders
// and balances, and `npm run dev` keeps them across restarts. One instance per process
// (lib/singleton.ts).
import { env } from "@/lib/config/env";
import { selfCallOrigin } from "@/lib/config/shop-origin";
import { getKv } from "@/lib/kv/get-kv";
import { sharedSecret } from "@/lib/kv/shared-secret";
import { processSingleton } from "@/lib/singleton";
import { PARTNER_NOTIFY_HEADER, PARTNER_NOTIFY_PATH } from "@/lib/partner/notify-contract";
import { partnerNotifySecret } from "./partner-notify";
import { createSandbox, type Sandbox } from "@/lib/sandbox/create-sandbox";
import type { Fixture } from "@/lib/sandbox/fixture/schema";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { createKvSandboxStore, sandboxNamespace } from "@/lib/sandbox/store/kv-store";

export const EMBEDDED_SANDBOX_PATH = "/sandbox";

interface EmbeddedSandbox {
  sandbox: Sandbox;
  fixture: Fixture;
}

export function getEmbeddedSandbox(): Promise<EmbeddedSandbox> {
  return processSingleton("embedded-sandbox", async () => {
    const loaded = await loadFixture(env().SANDBOX_FIXTURE);
    const kv = await getKv();
    const namespace = sandboxNamespace(loaded);
    // Tokens must verify in every process, so a fixture without a secret gets one shared in KV.
    const fixture = {
      ...loaded,
      jwt_secret: loaded.jwt_secret ?? (await sharedSecret(kv, `${namespace}:jwt-secret`)),
      partners: await notifyTheShop(loaded.partners),
    };
    const store = createKvSandboxStore({ kv, fixture, namespace });
    return { sandbox: createSandbox({ fixture, store, basePath: EMBEDDED_SANDBOX_PATH }), fixture };
  });
}

/**
 * The partner the shop logs in as tells the shop's own webhook about every order change, as a
 * real upstream configured for this shop would, unless the fixture routes its notifications
 * elsewhere.
 */
async function notifyTheShop(partners: Fixture["partners"]): Promise<Fixture["partners"]> {
  const login = env().PARTNER_LOGIN ?? partners[0]?.login;
  const secret = await partnerNotifySecret();
  return partners.map((partner) =>
    partner.login !== login || partner.notify_url !== null || !secret
      ? partner
      : {
          ...partner,
          notify_url: `${selfCallOrigin()}${PARTNER_NOTIFY_PATH}`,
          notify_headers: { ...partner.notify_headers, [PARTNER_NOTIFY_HEADER]: secret },
        },
  );
}
