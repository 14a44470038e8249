// The service editor's inputs, rendered on the server from what is stored, with upstream's words
// as placeholders where the owner wrote none (what buyers see if the field stays empty). Field
// names are the ones presentation-form-schema.ts reads.
import { getFormatter, getTranslations } from "next-intl/server";
import type { ServicePresentation } from "@/lib/catalog/presentation";
import { PRESENTATION_LIMITS } from "@/lib/catalog/presentation/presentation-input";
import { toDecimalString } from "@/lib/money/decimal";
import type { Service, Voucher } from "@/lib/partner/schemas";
import { PRESET_SLOTS, hiddenVoucherField, presetField } from "./presentation-form-schema";
import styles from "./catalogue.module.css";

interface Props {
  service: Service;
  /** null: upstream's list cannot be read now; the stored hidden ones are kept as they are. */
  vouchers: Voucher[] | null;
  stored: ServicePresentation;
  imageHosts: readonly string[];
}

export async function PresentationFields({ service, vouchers, stored, imageHosts }: Props) {
  const t = await getTranslations("admin.catalogue.editor");
  const tField = await getTranslations("admin.catalogue.fields");
  const format = await getFormatter();
  const major = (minor: number | undefined, currency: string) => (minor === undefined ? "" : toDecimalString({ minor, currency }));
  // A stored range in another currency no longer applies (the service settles in a new one).
  const range = stored.topUp?.currency === service.currency ? stored.topUp : null;
  const listed = new Set((vouchers ?? []).map((voucher) => voucher.voucher_id));
  const hint = (id: string, text: string) => (
    <p className={styles.hint} id={id}>
      {text}
    </p>
  );

  const text = (name: "name" | "summary", language: "en" | "zh", placeholder: string) => (
    <label className={styles.field}>
      {tField(`${name}_${language}`)}
      <input
        name={`${name}.${language}`}
        defaultValue={stored[name][language] ?? ""}
        placeholder={placeholder}
        maxLength={PRESENTATION_LIMITS[name]}
        autoComplete="off"
        aria-describedby="words-hint"
      />
    </label>
  );
  const englishName = stored.name.en ?? service.game_name;
  const englishSummary = stored.summary.en ?? service.description ?? "";

  return (
    <>
      <input type="hidden" name="serviceId" value={service.id} />
      <fieldset>
        <legend>{t("words")}</legend>
        {hint("words-hint", t("wordsHint"))}
        <div className={styles.pair}>
          {text("name", "en", service.game_name)}
          {text("name", "zh", englishName)}
          {text("summary", "en", service.description ?? "")}
          {text("summary", "zh", englishSummary)}
        </div>
        {hint("description-hint", t("descriptionHint"))}
        <div className={styles.pair}>
          {(["en", "zh"] as const).map((language) => (
            <label className={styles.field} key={language}>
              {tField(`description_${language}`)}
              <textarea
                name={`description.${language}`}
                defaultValue={stored.description[language] ?? ""}
                placeholder={t(language === "en" ? "descriptionEnEmpty" : "descriptionZhEmpty")}
                aria-describedby="description-hint"
              />
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t("display")}</legend>
        <label className={styles.field}>
          {tField("image")}
          <input name="image" defaultValue={stored.image ?? ""} placeholder="/brands/…" autoComplete="off" aria-describedby="image-hint" />
        </label>
        {hint("image-hint", imageHosts.length > 0 ? t("imageHint", { hosts: imageHosts.join(", ") }) : t("imageHintNoHosts"))}
        <label className={styles.check}>
          <input type="checkbox" name="featured" defaultChecked={stored.featured} /> {tField("featured")}
        </label>
        <label className={styles.check}>
          <input type="checkbox" name="hidden" defaultChecked={stored.hidden} /> {tField("hidden")}
        </label>
        <label className={styles.field}>
          {tField("sortOrder")}
          <input name="sortOrder" defaultValue={stored.sortOrder ?? ""} inputMode="numeric" autoComplete="off" aria-describedby="sort-hint" />
        </label>
        {hint("sort-hint", t("sortOrderHint"))}
      </fieldset>

      {service.type === "balance" && (
        <fieldset>
          <legend>{t("topUp", { currency: service.currency })}</legend>
          <input type="hidden" name="topUp.currency" value={service.currency} />
          {hint("top-up-hint", t("topUpHint", { currency: service.currency }))}
          <div className={styles.pair}>
            {(["min", "max"] as const).map((end) => (
              <label className={styles.field} key={end}>
                {tField(`topUp_${end}`)}
                <input
                  name={`topUp.${end}`}
                  defaultValue={major(end === "min" ? range?.minMinor : range?.maxMinor, service.currency)}
                  inputMode="decimal"
                  autoComplete="off"
                  aria-describedby="top-up-hint"
                />
              </label>
            ))}
          </div>
          <div className={styles.presets}>
            {PRESET_SLOTS.map((slot) => (
              <label className={styles.field} key={slot}>
                {t("preset", { number: slot + 1 })}
                <input name={presetField(slot)} defaultValue={major(range?.presetsMinor[slot], service.currency)} inputMode="decimal" autoComplete="off" />
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {service.type === "voucher" && (
        <fieldset>
          <legend>{tField("hiddenVouchers")}</legend>
          {vouchers === null ? hint("vouchers-hint", t("vouchersUnreadable")) : hint("vouchers-hint", t("vouchersHint"))}
          {(vouchers ?? []).map((voucher) => (
            <label className={styles.check} key={voucher.voucher_id}>
              <input type="checkbox" name={hiddenVoucherField(voucher.voucher_id)} defaultChecked={stored.hiddenVouchers.includes(voucher.voucher_id)} />
              {t("hideVoucher", { name: voucher.voucher_name, cost: format.number(voucher.amount, { style: "currency", currency: voucher.currency }) })}
            </label>
          ))}
          {/* Hidden vouchers the list does not show now stay hidden: a save replaces the whole list. */}
          {stored.hiddenVouchers
            .filter((id) => !listed.has(id))
            .map((id) => (
              <input key={id} type="hidden" name={hiddenVoucherField(id)} value="on" />
            ))}
        </fieldset>
      )}
    </>
  );
}
