// The owner's choice of which face-value comparisons buyers see beside a price, on the catalogue
// page: three choices, the one in force checked; staff read it without the form.
import { getTranslations } from "next-intl/server";
import type { FaceValueComparison } from "@/lib/catalog/presentation/presentation-settings";
import { FACE_VALUE_COMPARISONS } from "@/lib/catalog/presentation/presentation-settings";
import { saveFaceValueComparison } from "@/app/[locale]/admin/(signed-in)/catalogue/actions";
import { CatalogueForm } from "./catalogue-form";
import own from "./catalogue.module.css";

export async function FaceValueSection({ current, canEdit }: { current: FaceValueComparison; canEdit: boolean }) {
  const t = await getTranslations("admin.catalogue.faceValue");
  return (
    <section aria-labelledby="face-value-title" className={own.section}>
      <h2 id="face-value-title">{t("title")}</h2>
      {canEdit ? (
        <CatalogueForm
          action={saveFaceValueComparison}
          schema="faceValue"
          actions={
            <button className="button button-secondary" type="submit">
              {t("save")}
            </button>
          }
        >
          <fieldset className={own.scope}>
            <legend>{t("legend")}</legend>
            {FACE_VALUE_COMPARISONS.map((choice) => (
              <label key={choice}>
                <input type="radio" name="comparison" value={choice} defaultChecked={choice === current} /> {t(`choices.${choice}`)}
              </label>
            ))}
          </fieldset>
        </CatalogueForm>
      ) : (
        <p>{t("inForce", { choice: t(`choices.${current}`) })}</p>
      )}
    </section>
  );
}
