"use client";
// Copies one code part. The result is announced, since nothing else on screen changes.
import { useState } from "react";
import styles from "./order.module.css";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied");
    } catch {
      setSaid("Copy failed: select the code and copy it by hand");
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
