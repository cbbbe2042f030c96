/** A cell a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, signed or not (a phone number in E.164, a negative amount): a spreadsheet computes nothing from it. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One cell: a would-be formula defused with a leading apostrophe, quoted when it holds a quote, comma or line break. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as RFC 4180 CSV under `headers` (an empty export still has them). */
export function toCsv(headers: string[], rows: unknown[][]): string {
  return [headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
