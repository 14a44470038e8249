// The minor-unit exponent of every currency Intl knows, as Intl answered it with the CLDR
// release below (Node 20's ICU 78.2): copied so that a fresh process does not build its first
// Intl.NumberFormat (ICU's number data, tens of ms) just to learn that USD has 2 digits before a
// checkout's first answer (docs/architecture-decisions.md item 235). A runtime with another CLDR
// release gets no copy, and currency.ts asks its Intl, so amounts never drift from what Intl
// displays; intl-exponents.test.ts asks Intl for every code and fails on any difference.
export const COPIED_FROM_CLDR = "48.0";

const DIGITS: Record<number, string> = {
  0: "AFN ALL BIF CLP COP DJF GNF HUF IDR IQD IRR ISK JPY KMF KPW KRW LAK LBP MGA MMK PKR PYG RWF SLL SOS SYP UGX VND VUV XAF XOF XPF YER",
  3: "BHD JOD KWD LYD OMR TND",
};
const TWO = "AED AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CNY CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HRK HTG ILS INR JMD KES KGS KHR KYD KZT LKR LRD LSL MAD MDL MKD MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SRD SSP STN SVC SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD XCG XDR XSU ZAR ZMW ZWG ZWL";

const copied = (): (readonly [string, number])[] => [
  ...Object.entries(DIGITS).flatMap(([digits, codes]) => codes.split(" ").map((code) => [code, Number(digits)] as const)),
  ...TWO.split(" ").map((code) => [code, 2] as const),
];

export const INTL_EXPONENTS: ReadonlyMap<string, number> = new Map(globalThis.process?.versions?.cldr === COPIED_FROM_CLDR ? copied() : []);
