// What a catalogue server action answers when lib/catalog/presentation refuses a write: the
// field at fault for bad input, or a key of the admin.catalogue.results messages. Nothing was
// written in any of these cases (the library checks before it writes).
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import type { PresentationWriteError } from "@/lib/catalog/presentation";

export function writeRefused(error: PresentationWriteError, formField: (field: string) => string = (field) => field): ActionState {
  switch (error.code) {
    case "invalid":
      return { ok: false, code: "invalid", field: formField(error.field), message: error.message };
    case "catalog_unavailable":
      return { ok: false, code: "refused", message: "catalogUnavailable" };
    case "conflict":
      return { ok: false, code: "refused", message: "conflict" };
  }
}
