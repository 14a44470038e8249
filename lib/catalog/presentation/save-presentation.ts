// Save what the owner says about one service (the admin's edit form), replacing what was
// stored: the index entry and the long description in one atomic write, then one audit row
// with the change. Bad input names the field and writes nothing. The caller then calls
// afterPresentationSaved([id]) so the storefront shows it on the next request.
import type { Actor } from "@/lib/audit";
import { recordAudit } from "@/lib/audit";
import { err, ok, type Result } from "@/lib/result";
import { fieldProblem, servicePresentationInputSchema, type ServicePresentation } from "./presentation-input";
import type { PresentationDeps, PresentationWriteError } from "./presentation-deps";
import { publicFileExists } from "./public-file-exists";
import { settingsOf } from "./read-presentation";
import { readServicePresentation } from "./read-service-presentation";
import { PRESENTATION_KEYS, type ServiceEntry } from "./stored-presentation";
import { writeIndex } from "./write-index";
import { isPublicImagePath } from "./image-ref";

export interface PresentationSaved {
  serviceIds: number[];
  before: ServicePresentation;
  after: ServicePresentation;
}

export async function savePresentation(
  deps: PresentationDeps,
  serviceId: number,
  input: unknown,
  author: Actor,
): Promise<Result<PresentationSaved, PresentationWriteError>> {
  const parsed = servicePresentationInputSchema(settingsOf(deps)).safeParse(input);
  if (!parsed.success) return err(fieldProblem(parsed.error));
  const next = parsed.data;
  if (next.image !== null && isPublicImagePath(next.image) && !(await (deps.publicFileExists ?? publicFileExists)(next.image))) {
    return err({ code: "invalid", field: "image", message: "no such file in public/" });
  }

  const before = await readServicePresentation(deps, serviceId);
  const descriptionKey = PRESENTATION_KEYS.description(deps.upstream, serviceId);
  const described = next.description.en !== null || next.description.zh !== null;
  const written = await writeIndex<never>(deps, async (index) => {
    const entry: ServiceEntry = {
      name: next.name,
      summary: next.summary,
      image: next.image,
      featured: next.featured,
      hidden: next.hidden,
      sortOrder: next.sortOrder,
      topUp: next.topUp,
      hiddenVouchers: next.hiddenVouchers,
      described,
      updatedAt: deps.clock.now(),
    };
    return ok({
      index: { ...index, services: { ...index.services, [String(serviceId)]: entry } },
      other: { key: descriptionKey, value: described ? JSON.stringify(next.description) : null },
    });
  });
  if (!written.ok) return written;

  await recordAudit(
    { actor: author.email, action: "catalog.presentation_saved", target: `service:${serviceId}`, before, after: next, ip: author.ip },
    { kv: deps.kv, clock: deps.clock },
  );
  return ok({ serviceIds: [serviceId], before, after: next });
}
