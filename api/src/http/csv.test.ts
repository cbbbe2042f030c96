import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv-parse';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('defuses every start a spreadsheet runs as a formula, the tab and the carriage return included', () => {
    for (const formula of ['=1+1', '+A1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', '=HYPERLINK("http://x")'])
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('leaves plain numbers alone: phone numbers with their +, negative amounts', () => {
    expect(csvCell('+237671001102')).toBe('+237671001102');
    expect(csvCell('-5.00')).toBe('-5.00');
    expect(csvCell(-500)).toBe('-500');
    expect(csvCell('Completed')).toBe('Completed');
  });

  it('quotes commas, quotes and line breaks, and reads back to the same cells', () => {
    const cells = ['a,b', 'say "hi"', 'two\nlines', '\rcr', null, 12];
    const text = toCsv(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], [cells]);
    expect(parseCsv(text)).toEqual([
      ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
      ['a,b', 'say "hi"', 'two\nlines', "'\rcr", '', '12'],
    ]);
  });
});
