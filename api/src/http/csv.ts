/** Rows of flat objects as RFC 4180 CSV under a header of `columns` (an empty export still has it). */
export function toCsv<T extends object>(columns: (keyof T & string)[], rows: T[]): string {
  const cell = (v: unknown) => {
    const text = v === null || v === undefined ? '' : String(v);
    // Quote when needed; a leading = + - @ is defused so a spreadsheet does not run it as a formula.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n';
}
