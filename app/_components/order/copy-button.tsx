"use client";
// Copies one code part. The result is announced, since nothing else on screen changes.
import { useClientWords } from "../i18n/client-words";
import { useState } from "react";
import styles from "./order.module.css";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useClientWords("order");
  const [said, setSaid] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(t("copied"));
    } catch {
      setSaid(t("copyFailed"));
    }
    setTimeout(() => setSaid(""), 2500);
  }
  return (
    <>
      <button type="button" className="button button-secondary" onClick={copy}>
        {label}
      </button>
      <span className={styles.copied} aria-live="polite">
        {said}
      </span>
    </>
  );
}
