// A spreadsheet opened on an exported CSV runs a cell that starts with = + - @ (or a tab or a
// carriage return, which some programs skip before looking) as a formula: a buyer's email or an
// upstream error text could call out or run commands on the owner's machine. Such a cell gets a
// leading apostrophe, which spreadsheets show as text and do not evaluate (OWASP's advice).
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
