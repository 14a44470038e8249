// GET /admin/audit?page=N – the audit log, newest first, rendered on the server a page at a time.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { actionName, changeLines, targetParts, type Piece } from "@/app/_components/admin/audit/audit-text";
import { listAudit } from "@/lib/shop/audit";
import { adminPage } from "@/lib/shop/admin-guard";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = { searchParams: Promise<{ page?: string }> };

const piece = (part: Piece) => ("words" in part ? part.words : <code>{part.code}</code>);

export default adminPage("owner", async ({ searchParams }: Props) => {
  const t = await getTranslations("admin.audit");
  const format = await getFormatter();
  const { page } = await searchParams;
  const log = await listAudit(Number(page) || 1);
  const target = (raw: string) => {
    const { kind, key } = targetParts(raw, t);
    return kind === null ? <code>{key}</code> : <>{kind} <code>{key}</code></>;
  };
  const change = (value: unknown) => (
    <ul className={styles.changes}>
      {changeLines(value, t).map((line, i) => (
        <li key={i}>
          {piece(line.field)}{t("fieldSeparator")}{piece(line.value)}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("count", { total: log.total, page: log.page, pages: log.pages })}</p>
      <TableScroll>
        <table className={`${styles.table} ${styles.breakable}`}>
          <thead>
            <tr>
              <th scope="col">{t("when")}</th>
              <th scope="col">{t("who")}</th>
              <th scope="col">{t("action")}</th>
              <th scope="col">{t("target")}</th>
              <th scope="col">{t("before")}</th>
              <th scope="col">{t("after")}</th>
              <th scope="col">{t("ip")}</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={new Date(entry.at).toISOString()}>{format.dateTime(entry.at, { dateStyle: "medium", timeStyle: "medium" })}</time>
                </td>
                <td>{entry.actor ?? t("nobody")}</td>
                <td>{piece(actionName(entry.action, t))}</td>
                <td>{entry.target !== null && target(entry.target)}</td>
                <td>{change(entry.before)}</td>
                <td>{change(entry.after)}</td>
                {/* "unknown": the address lib/rate-limit/client-ip records when the proxies gave none. */}
                <td>{entry.ip === "unknown" ? t("unknownIp") : entry.ip && <code>{entry.ip}</code>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <nav className={styles.paging} aria-label={t("paging")}>
        {log.page > 1 && <Link href={`/admin/audit?page=${log.page - 1}`}>{t("newer")}</Link>}
        {log.page < log.pages && <Link href={`/admin/audit?page=${log.page + 1}`}>{t("older")}</Link>}
      </nav>
    </>
  );
});
