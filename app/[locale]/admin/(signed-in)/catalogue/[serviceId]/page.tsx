// GET /admin/catalogue/{serviceId} – what buyers see of one service, as the owner edits it:
// names and descriptions in both languages (upstream's as placeholders), image, featured, hidden,
// sort order, a top-up's range and presets, hidden vouchers; below, the long description as the
// product page renders it now. Staff see the same, without a form.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Fragment } from "react";
import { CatalogueForm } from "@/app/_components/admin/catalogue/catalogue-form";
import own from "@/app/_components/admin/catalogue/catalogue.module.css";
import { PresentationFields } from "@/app/_components/admin/catalogue/presentation-fields";
import { readUpstreamService } from "@/app/_components/admin/catalogue/upstream-service";
import { LongDescription } from "@/app/_components/product/long-description";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { readServicePresentation } from "@/lib/catalog/presentation";
import { presentationSettings } from "@/lib/shop/presentation-settings";
import { catalogDeps } from "@/lib/shop/catalog-deps";
import { saveServicePresentation } from "./actions";

type Props = { params: Promise<{ locale: string; serviceId: string }> };

export default adminPage("staff", async ({ params }: Props, admin) => {
  const t = await getTranslations("admin.catalogue");
  const { serviceId } = await params;
  if (!/^\d{1,15}$/.test(serviceId)) notFound();
  const id = Number(serviceId);
  const deps = await catalogDeps();
  const upstream = await readUpstreamService(deps, id);
  if (upstream.ok && !upstream.value) notFound();
  const back = <Link href="/admin/catalogue">{t("editor.back")}</Link>;
  if (!upstream.ok || !upstream.value) {
    return (
      <div className={own.page}>
        <p>{back}</p>
        <h1>{t("title")}</h1>
        <p className="notice" role="alert">
          {t("unavailable")}
        </p>
      </div>
    );
  }

  const { service, vouchers } = upstream.value;
  const stored = await readServicePresentation(deps, id);
  const { imageHosts } = presentationSettings();
  const fields = <PresentationFields service={service} vouchers={vouchers} stored={stored} imageHosts={imageHosts} />;
  const described = (["en", "zh"] as const).filter((language) => stored.description[language] !== null);
  return (
    <div className={own.page}>
      <p>{back}</p>
      <h1>{stored.name.en ?? service.game_name}</h1>
      <p>
        {t("editor.upstream", { name: service.game_name, id })}{" "}
        {!stored.hidden && <Link href={`/products/${id}`}>{t("editor.onStorefront")}</Link>}
      </p>
      {roleAllows(admin.role, "owner") ? (
        <CatalogueForm
          action={saveServicePresentation}
          schema="presentation"
          imageHosts={imageHosts}
          className={own.editor}
          actions={
            <button className="button" type="submit">
              {t("editor.save")}
            </button>
          }
        >
          {fields}
        </CatalogueForm>
      ) : (
        <div className={own.editor}>
          <p>{t("staffNote")}</p>
          <fieldset disabled>
            <legend className="visually-hidden">{t("editor.readOnly")}</legend>
            {fields}
          </fieldset>
        </div>
      )}
      <h2>{t("editor.preview")}</h2>
      {described.length === 0 && <p>{t("editor.previewNone")}</p>}
      {described.map((language) => {
        const label = t("editor.previewLanguage", { language: t(`editor.languages.${language}`) });
        return (
          <Fragment key={language}>
            <h3>{label}</h3>
            <LongDescription markdown={stored.description[language] ?? ""} imageHosts={imageHosts} label={label} />
          </Fragment>
        );
      })}
    </div>
  );
});
