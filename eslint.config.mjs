import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["**/.next/**", "node_modules/**", "data/**", "next-env.d.ts", "test-results/**", "lib/next-cache/built/**"] },
  {
    // Plain <a> links are deliberate where next/link would add client code to every page (the
    // header, cards, 404). The rule reads every path as a page since app/[locale]/[...missing]
    // (the 404 in the visitor's language) matches them all.
    rules: { "@next/next/no-html-link-for-pages": "off" },
  },
];

export default config;
