import { describe, expect, it } from 'vitest';
import type { TAmountOption } from '@topup/shared';
import { countdownTone, paymentView } from './PaymentScreen';
import { formatLocalAmount } from '../../../shared/src/i18n/format';
import { common } from '../../../shared/src/i18n/en/common';
import { localFirst } from './format';

describe('payment screen', () => {
  it('colours the countdown as the spec says: green above 2 full minutes, orange at 2, red at 1 or less', () => {
    expect(countdownTone(6 * 60_000)).toBe('green');
    expect(countdownTone(3 * 60_000)).toBe('green');
    expect(countdownTone(3 * 60_000 - 1)).toBe('orange');
    expect(countdownTone(2 * 60_000)).toBe('orange');
    expect(countdownTone(2 * 60_000 - 1)).toBe('red');
    expect(countdownTone(0)).toBe('red');
  });

  it('shows each status; the countdown expires only a payment not yet seen', () => {
    expect(paymentView('pending_crypto_payment', 1000)).toBe('waiting');
    expect(paymentView('pending_crypto_payment', 0)).toBe('expired');
    expect(paymentView('confirming', -5000)).toBe('confirming');
    expect(paymentView('paid', 0)).toBe('processing');
    expect(paymentView('processing', 0)).toBe('processing');
    expect(paymentView('completed', 0)).toBe('completed');
    expect(paymentView('failed', 0)).toBe('failed');
    expect(paymentView('payment_expired', 1000)).toBe('expired');
    expect(paymentView('cancelled', 1000)).toBe('cancelled');
  });
});

describe('amount labels', () => {
  const t = { local: (amount: number, code: string) => formatLocalAmount('en', amount, code), common };
  const option = (o: Partial<TAmountOption>): TAmountOption => ({
    id: 'x',
    amount: 10,
    localAmount: null,
    currencySymbol: null,
    currencyCode: null,
    description: null,
    ...o,
  });
  it('puts what the recipient gets in their currency first, the dollars beside it; the dollars alone without a local amount', () => {
    expect(localFirst(t, option({ localAmount: 6000, currencyCode: 'XAF', currencySymbol: 'FCFA' }), '$10.00')).toBe('6,000\u00a0XAF · $10.00');
    expect(localFirst(t, option({ localAmount: 9.5, currencySymbol: '€' }), '$10.00')).toBe('$10.00');
    expect(localFirst(t, option({ currencyCode: 'XAF' }), '$10.00')).toBe('$10.00');
  });
});
