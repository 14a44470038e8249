"use client";
// "Email me my orders": the address goes to POST /api/order-links, which answers the same for
// every address; the page then says so in the same words whatever the address, and never shows
// an order (lib/checkout/order-links.ts mails the links to that address only).
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { useId, useState, type FormEvent } from "react";
import { regexes } from "zod/v4/core";
import { readErrorBody } from "@/lib/http/read-error-body";
import styles from "./order.module.css";

type FormState = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "problem"; message: string; field: boolean };

/** The server's check too (z.email().max(254)), so a typo is named before any request. */
const isEmail = (text: string) => text.length <= 254 && regexes.email.test(text);

export function OrderLinksForm() {
  const t = useClientWords("order.lookup");
  const locale = useClientLocale();
  const id = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<FormState>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!isEmail(address)) return setState({ kind: "problem", message: t("emailError"), field: true });
    setState({ kind: "sending" });
    try {
      const response = await fetch("/api/order-links", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ email: address, locale }),
      });
      if (response.status === 202) return setState({ kind: "sent", email: address });
      const body = readErrorBody(await response.json().catch(() => null));
      if (response.status === 429) return setState({ kind: "problem", message: t("tooMany", { seconds: Number(response.headers.get("retry-after") ?? 60) }), field: false });
      if (body?.field === "email") return setState({ kind: "problem", message: t("emailError"), field: true });
      setState({ kind: "problem", message: t("failed"), field: false });
    } catch {
      setState({ kind: "problem", message: t("failed"), field: false });
    }
  }

  const fieldProblem = state.kind === "problem" && state.field ? state.message : null;
  return (
    <form className={styles.lookup} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-email`}>{t("email")}</label>
      <input
        id={`${id}-email`}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={fieldProblem ? true : undefined}
        aria-describedby={fieldProblem ? `${id}-error` : undefined}
      />
      {fieldProblem ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {fieldProblem}
        </p>
      ) : null}
      <p>
        <button type="submit" className="button" disabled={state.kind === "sending"}>
          {state.kind === "sending" ? t("sending") : t("send")}
        </button>
      </p>
      <div role="status" aria-live="polite">
        {state.kind === "sent" ? <p className="notice">{t("sent", { email: state.email })}</p> : null}
        {state.kind === "problem" && !state.field ? <p className="notice">{state.message}</p> : null}
      </div>
    </form>
  );
}
