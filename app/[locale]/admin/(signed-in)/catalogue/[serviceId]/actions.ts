"use server";
// The owner saves what buyers see of one service. The form is checked with the schema the
// browser used (the library's own, after turning typed amounts into minor units), the service
// must still be upstream's, and a top-up range is only taken in the currency the service settles
// in now. The library writes it atomically and audits it; the storefront shows it at once.
import { formFieldOf, presentationFormSchema } from "@/app/_components/admin/catalogue/presentation-form-schema";
import { findUpstreamService } from "@/app/_components/admin/catalogue/upstream-service";
import { writeRefused } from "@/app/_components/admin/catalogue/write-answer";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { savePresentation } from "@/lib/catalog/presentation";
import { afterPresentationSaved } from "@/lib/shop/after-presentation-saved";
import { presentationSettings } from "@/lib/shop/presentation-settings";
import { catalogDeps } from "@/lib/shop/catalog-deps";
import { z } from "zod";

// Lazy: the allowed image hosts are this process's settings, read when a form arrives.
const schema = z.lazy(() => presentationFormSchema(presentationSettings()));

export const saveServicePresentation = adminAction("owner", schema, async ({ serviceId, input, presetSlots }, admin) => {
  const deps = await catalogDeps();
  const service = await findUpstreamService(deps, serviceId);
  if (!service.ok) return { ok: false, code: "refused", message: "catalogUnavailable" };
  if (!service.value) return { ok: false, code: "refused", message: "noSuchService" };
  const currency = service.value.type === "balance" ? service.value.currency : null;
  if (input.topUp && input.topUp.currency !== currency) return { ok: false, code: "invalid", field: "topUp.min", message: "the service's currency changed; reload the page" };

  const saved = await savePresentation(deps, serviceId, input, actorOf(admin));
  if (!saved.ok) return writeRefused(saved.error, (field) => formFieldOf(field, presetSlots));
  afterPresentationSaved(saved.value.serviceIds);
  return { ok: true, message: "saved" };
});
