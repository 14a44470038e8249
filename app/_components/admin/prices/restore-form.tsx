// "Restore" for one earlier version: saved as a new version from the current one, so a restore
// made meanwhile by someone else is refused rather than undone.
import { getTranslations } from "next-intl/server";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import { PricesForm } from "./prices-form";

interface Props {
  version: number;
  currentVersion: number;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

export async function RestoreForm({ version, currentVersion, action }: Props) {
  const t = await getTranslations("admin.prices.history");
  return (
    <PricesForm
      action={action}
      schema="restore"
      label={t("restoreNamed", { version })}
      actions={
        <button className="button button-secondary" type="submit" aria-label={t("restoreNamed", { version })}>
          {t("restore")}
        </button>
      }
    >
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="expectedVersion" value={currentVersion} />
    </PricesForm>
  );
}
