import type { ReactNode } from "react";

// The document (<html lang>, header, footer) is app/[locale]/layout.tsx: every page is rendered
// under the visitor's language, which proxy.ts puts in the path. This root only passes through.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
