import { useTranslations } from "next-intl";

/** Shown when upstream is down and we serve the last good copy of the catalogue. */
export function StaleBanner() {
  const t = useTranslations("layout");
  return (
    <div className="notice" role="status">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 3 2 21h20L12 3Zm0 6v6m0 2.5v.5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
      </svg>
      <p>{t("stale")}</p>
    </div>
  );
}
