import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's quote is the one source of a fee and a total. No client (the site,
 * the mini-app, the bot, the admin console) adds or multiplies them: they show GET /api/quote (or the
 * fee of GET /api/pricing beside amount choices). Turning dollars into cents (`* 100`) is a unit, not
 * a price, and is not looked for here.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLIENTS = ['webapp/src', 'bot/src', 'admin/src'];

const ARITHMETIC = [
  // fee + x, total * x
  /(?:[fF]ee|[tT]otal)\w*\)?\s*(?:\+|\*(?!\s*100\b))\s*[\w(]/,
  // x + fee, x * total
  /[\w)]\s*(?:\+|(?<!\b100\s*)\*)\s*[\w.]*(?:[fF]ee|[tT]otal)/,
  // a total assigned from a sum
  /[tT]otal\w*\s*=[^=>;][^;]*\+/,
  // dollars turned into cents and added up
  /centsOf\([^)]*\)\s*\+/,
];

/** The code of a file without its comments and string literals (texts such as '+ $1 fee' are no sums). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, "''");
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The lines of `text` that compute a fee or a total. */
export const moneyArithmetic = (text: string): string[] =>
  code(text)
    .split('\n')
    .filter((line) => ARITHMETIC.some((pattern) => pattern.test(line)))
    .map((line) => line.trim());

describe('fees and totals come from the server', () => {
  it('finds the arithmetic the clients used to do', () => {
    expect(moneyArithmetic('const totalCents = amount ? centsOf(amount.amount) + (serviceFee === undefined ? 0 : centsOf(serviceFee)) : 0;')).toHaveLength(1);
    expect(moneyArithmetic('<dd>{formatUsd(centsOf(amount.amount) + centsOf(serviceFee))} USD</dd>')).toHaveLength(1);
    expect(moneyArithmetic("line(t.lblTotal, feeCents === null ? '…' : h(formatUsd(amount.cents + feeCents))),")).toHaveLength(1);
    expect(moneyArithmetic('const totalCents = amountValid && fee !== null ? centsOf(amount) + centsOf(fee) : null;')).toHaveLength(1);
    expect(moneyArithmetic("<span>+ {fee === null ? '…' : dollars(fee)} fee</span> // total + fee")).toEqual([]);
    expect(moneyArithmetic('const cents = Math.round(payment.totalAmount * 100);')).toEqual([]);
  });

  it('no client computes one', () => {
    const found = CLIENTS.flatMap((dir) =>
      sources(path.join(ROOT, dir)).flatMap((file) => moneyArithmetic(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(ROOT, file)}: ${line}`)),
    );
    expect(found).toEqual([]);
  });
});
