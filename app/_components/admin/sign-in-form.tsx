"use client";
// The sign-in form: email and password, then a code for an account with a second factor. The
// same schema as the server checks it first; a refusal says what to do, and a limit says when.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FORM_SCHEMAS } from "@/lib/auth/forms";
import { firstIssue } from "@/lib/http/first-issue";
import { authPost } from "./auth-client";
import styles from "./admin.module.css";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("admin.signIn");
  const [needsCode, setNeedsCode] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = FORM_SCHEMAS.signIn.safeParse(fields);
    if (!parsed.success) {
      const { field } = firstIssue(parsed.error, "email");
      setProblem(t(`invalid.${field === "password" || field === "code" ? field : "email"}`));
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await authPost("callback/credentials", { ...fields, callbackUrl });
    setBusy(false);
    if (result.kind === "done") return window.location.assign(callbackUrl);
    if (result.kind === "limited") return setProblem(t("limited", { seconds: result.retryAfterSeconds, minutes: Math.ceil(result.retryAfterSeconds / 60) }));
    if (result.kind === "refused" && result.code === "totp_required") {
      setNeedsCode(true);
      return setProblem(t("codeNeeded"));
    }
    setProblem(result.kind === "refused" && result.code === "wrong_code" ? t("wrongCode") : result.kind === "refused" ? t("wrong") : t("failed"));
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label>
        {t("email")}
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        {t("password")}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {needsCode && (
        <label>
          {t("code")}
          <input name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus />
        </label>
      )}
      <p role="alert" className={problem ? "notice" : undefined}>
        {problem}
      </p>
      <button className="button" type="submit" disabled={busy}>
        {t("submit")}
      </button>
    </form>
  );
}
