// npx tsx bench/process-translator.ts – what the order page's two server messages with a value
// (the language switch's label, the redemption steps' heading) cost per view: formatted by a
// translator made for the view, as next-intl's getTranslations makes one per request, against
// one kept for the process (lib/i18n/process-translator.ts). CPU per view, warm, in process.
import { createTranslator } from "next-intl";
import { messagesOf } from "../lib/i18n/messages";

const VIEWS = Number(process.env.VIEWS ?? 3000);
const messages = messagesOf("en");
const format = (t: ReturnType<typeof createTranslator<typeof messages>>) => t("layout.languageSwitch", { language: "中文" }).length + t("product.redeemIn", { where: "Steam" }).length;
const kept = createTranslator({ locale: "en", messages, timeZone: "UTC" });
const ways: [string, () => number][] = [
  ["a translator per view", () => format(createTranslator({ locale: "en", messages, timeZone: "UTC" }))],
  ["one for the process", () => format(kept)],
];

for (const round of [1, 2]) {
  for (const [name, view] of ways) {
    for (let i = 0; i < 300; i += 1) view();
    const before = process.cpuUsage();
    for (let i = 0; i < VIEWS; i += 1) view();
    const used = process.cpuUsage(before);
    console.log(`round ${round}, ${name.padEnd(22)} ${((used.user + used.system) / VIEWS).toFixed(1)} µs CPU per view`);
  }
}
