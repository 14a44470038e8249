// The owner's long description on the product page: Markdown rendered here on the server, so
// the page ships its HTML and no renderer (lib/catalog/presentation/markdown-options.ts says
// what is kept and what is dropped).
import Markdown from "react-markdown";
import { markdownOptions } from "@/lib/catalog/presentation/markdown-options";
import styles from "./product.module.css";

export function LongDescription({ markdown, imageHosts, label }: { markdown: string; imageHosts: readonly string[]; label: string }) {
  return (
    <section className={styles.longDescription} aria-label={label}>
      <Markdown {...markdownOptions(imageHosts)}>{markdown}</Markdown>
    </section>
  );
}
