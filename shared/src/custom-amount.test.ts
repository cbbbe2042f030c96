import { describe, expect, it } from 'vitest';
import { customAmountLimits, customAmountRange, customAmountValue, customLocalLimits } from './custom-amount';
import { formatUsd } from './money';

/** MTN Cameroon ($1-$200 at 600 XAF a dollar) where the admin set $5-$50. */
const mtn = { localCurrencyCode: 'XAF', custom: { min: 500, max: 5000, localMin: 3000, localMax: 30_000 } };
const formats = { usd: formatUsd, local: (amount: number, code: string) => `${amount} ${code}` };

describe('the custom amount, one rule for every surface', () => {
  it('takes its limits from the operator’s custom range (the admin’s limits), in the currency typed', () => {
    expect(customAmountLimits(mtn, true)).toEqual({ kind: 'local', code: 'XAF', min: 3000, max: 30_000 });
    expect(customAmountLimits(mtn, false)).toEqual({ kind: 'usd', min: 500, max: 5000 });
    // Without a rate, dollars whatever was chosen; without a custom range, none.
    const noRate = { localCurrencyCode: 'XAF', custom: { ...mtn.custom, localMin: null, localMax: null } };
    expect(customLocalLimits(noRate)).toBeNull();
    expect(customAmountLimits(noRate, true)).toEqual({ kind: 'usd', min: 500, max: 5000 });
    expect(customAmountLimits({ localCurrencyCode: 'XAF', custom: null }, true)).toBeNull();
    expect(customAmountLimits(null, false)).toBeNull();
  });

  it('names the limits in the currency typed, for the hint and the refusal', () => {
    expect(customAmountRange(customAmountLimits(mtn, true)!, formats)).toEqual({ min: '3000 XAF', max: '30000 XAF' });
    expect(customAmountRange(customAmountLimits(mtn, false)!, formats)).toEqual({ min: '$5.00', max: '$50.00' });
  });

  it('reads the typed text within the limits: cents for dollars, the amount for the local currency', () => {
    const xaf = customAmountLimits(mtn, true)!;
    const usd = customAmountLimits(mtn, false)!;
    expect(customAmountValue('3000', xaf)).toBe(3000);
    expect(customAmountValue(' 30000 ', xaf)).toBe(30_000);
    expect(customAmountValue('2999', xaf)).toBeNull();
    expect(customAmountValue('30001', xaf)).toBeNull();
    expect(customAmountValue('12,5', usd)).toBe(1250);
    expect(customAmountValue('50', usd)).toBe(5000);
    expect(customAmountValue('4.99', usd)).toBeNull();
    expect(customAmountValue('50.01', usd)).toBeNull();
    expect(customAmountValue('5.001', usd)).toBeNull();
    for (const text of ['', ' ', 'abc', '-10', '1e3']) expect(customAmountValue(text, usd)).toBeNull();
  });
});
