import { describe, expect, it } from 'vitest';
import type { TAmountOption, TOperator } from '@topup/shared';
import { web } from '../../../../../shared/src/i18n/en/web';
import { formatLocalAmount, formatShortUsdIn, formatUsdIn } from '../../../../../shared/src/i18n/format';
import { amountProblem, type LocalEntry } from './amount';

const t = {
  web,
  usd: (cents: number) => formatUsdIn('en', cents),
  shortUsd: (cents: number) => formatShortUsdIn('en', cents),
  local: (amount: number, code: string) => formatLocalAmount('en', amount, code),
};
const limits = { min: 100, max: 20_000 };
// The sandbox's MTN Cameroon: $1 to $200, 600 XAF a dollar.
const operator = { name: 'MTN Cameroon', denominationType: 'RANGE', minAmount: 1, maxAmount: 200 } as TOperator;
const quoted = (amount: number, localAmount: number): TAmountOption => ({
  id: `custom-local-${localAmount}`,
  amount,
  localAmount,
  currencySymbol: null,
  currencyCode: 'XAF',
  description: null,
});
const local = (over: Partial<LocalEntry> = {}): LocalEntry => ({
  limits: { kind: 'local', code: 'XAF', min: 600, max: 120_000 },
  option: undefined,
  refused: false,
  ...over,
});
const problem = (text: string, entry: LocalEntry) => amountProblem(t, { quick: null, text, local: true }, limits, operator, [], entry);

describe('/app: a custom amount typed in the local currency', () => {
  it('says the local range when the amount is outside it', () => {
    const message = 'Amount must be between 600\u00a0XAF and 120,000\u00a0XAF.';
    expect(problem('200000', local())).toEqual({ need: 'amount', reason: 'invalid', message });
    expect(problem('599', local())).toEqual({ need: 'amount', reason: 'invalid', message });
    expect(problem('abc', local())).toEqual({ need: 'amount', reason: 'invalid', message });
  });

  it('waits for the quote; a refused quote, or one outside the dollar limits, says the range in the currency typed', () => {
    const message = 'Amount must be between 600\u00a0XAF and 120,000\u00a0XAF.';
    expect(problem('4200', local())).toEqual({ need: 'amount', reason: 'missing' });
    expect(problem('4200', local({ refused: true }))).toMatchObject({ reason: 'invalid', message });
    expect(problem('4200', local({ option: quoted(7, 4200) }))).toBeNull();
    expect(problem('4200', local({ option: quoted(250, 4200) }))).toMatchObject({ reason: 'invalid', message });
  });

  it('leaves a quick amount, or the currency chosen with nothing typed, to the dollar checks', () => {
    expect(amountProblem(t, { quick: 10, text: '', local: true }, limits, operator, [], local())).toBeNull();
    expect(amountProblem(t, { quick: null, text: '', local: true }, limits, operator, [], local())).toEqual({ need: 'amount', reason: 'missing' });
  });
});
