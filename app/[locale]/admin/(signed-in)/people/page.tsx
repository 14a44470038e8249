// GET /admin/people – who has access, the invitations still waiting, and the owner's actions on them.
import { getFormatter, getTranslations } from "next-intl/server";
import { AdminForm } from "@/app/_components/admin/admin-form";
import styles from "@/app/_components/admin/admin.module.css";
import { shopFirstOwner } from "@/lib/shop/auth";
import { adminPage } from "@/lib/shop/admin-guard";
import { listInvites } from "@/lib/auth/invites";
import { listPeople } from "@/lib/auth/people-store";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { changeRole, invitePerson, removeAccess, revokeInvitation, signOutPerson } from "./actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";

export default adminPage("owner", async () => {
  const t = await getTranslations("admin.people");
  const tRoles = await getTranslations("admin.roles");
  const format = await getFormatter();
  const kv = await getKv();
  const [owner, people, invites] = await Promise.all([shopFirstOwner(), listPeople(kv), listInvites(kv, systemClock)]);
  const roleSelect = (id: string, value?: string) => (
    <label>
      {t("role")}
      <select name="role" id={id} defaultValue={value ?? "staff"}>
        <option value="staff">{tRoles("staff")}</option>
        <option value="owner">{tRoles("owner")}</option>
      </select>
    </label>
  );
  const roleBadge = (role: "owner" | "staff") => (
    <span className={`${styles.badge} ${styles[role === "owner" ? "badge-busy" : "badge-ended"]}`} data-testid="role-badge">
      {tRoles(role)}
    </span>
  );
  return (
    <>
      <h1>{t("title")}</h1>
      <TableScroll>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t("email")}</th>
              <th scope="col">{t("role")}</th>
              <th scope="col">{t("actions")}</th>
            </tr>
          </thead>
          <tbody>
            {owner && (
              <tr>
                <td>{owner.email}</td>
                <td>{roleBadge("owner")}</td>
                <td>{t("fromSettings")}</td>
              </tr>
            )}
            {people.map((person) => (
              <tr key={person.email}>
                <td>{person.email}</td>
                <td>{roleBadge(person.role)}</td>
                <td className={styles.row}>
                  <AdminForm action={changeRole} schema="changeRole" submit={t("changeRole")}>
                    <input type="hidden" name="email" value={person.email} />
                    {roleSelect(`role-${person.email}`, person.role === "owner" ? "staff" : "owner")}
                  </AdminForm>
                  <AdminForm action={signOutPerson} schema="person" submit={t("signOut")}>
                    <input type="hidden" name="email" value={person.email} />
                  </AdminForm>
                  <AdminForm action={removeAccess} schema="person" submit={t("remove")} danger>
                    <input type="hidden" name="email" value={person.email} />
                  </AdminForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h2>{t("pending")}</h2>
      <p>{t("pendingHelp")}</p>
      {invites.length === 0 ? (
        <p>{t("noPending")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("email")}</th>
                <th scope="col">{t("role")}</th>
                <th scope="col">{t("invitedBy")}</th>
                <th scope="col">{t("expires")}</th>
                <th scope="col">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {invites.map((invite) => (
                <tr key={invite.email}>
                  <td>{invite.email}</td>
                  <td>{roleBadge(invite.role)}</td>
                  <td>{invite.invitedBy}</td>
                  <td>{format.dateTime(invite.expiresAt, { dateStyle: "medium", timeStyle: "long", timeZone: "UTC" })}</td>
                  <td>
                    <AdminForm action={revokeInvitation} schema="person" submit={t("revoke")} danger>
                      <input type="hidden" name="email" value={invite.email} />
                    </AdminForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2>{t("invite")}</h2>
      <p>{t("inviteHelp")}</p>
      <AdminForm action={invitePerson} schema="invite" submit={t("sendInvite")}>
        <label>
          {t("email")}
          <input name="email" type="email" autoComplete="off" required />
        </label>
        {roleSelect("invite-role")}
      </AdminForm>
    </>
  );
});
