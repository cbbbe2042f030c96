import { describe, expect, it } from 'vitest';
import type { TAmountOption } from '@topup/shared';
import { countdownTone, paymentView } from './PaymentScreen';
import { localAmountLabel } from './format';

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
  const option = (o: Partial<TAmountOption>): TAmountOption => ({
    id: 'x',
    amount: 10,
    localAmount: null,
    currencySymbol: null,
    currencyCode: null,
    description: null,
    ...o,
  });
  it('gives the approximate local amount with its currency code', () => {
    expect(localAmountLabel(option({ localAmount: 6000, currencyCode: 'XAF', currencySymbol: 'FCFA' }))).toBe('≈ 6,000 XAF');
    expect(localAmountLabel(option({ localAmount: 9.5, currencySymbol: '€' }))).toBe('≈ 9.5 €');
    expect(localAmountLabel(option({ localAmount: 100 }))).toBeNull();
    expect(localAmountLabel(option({}))).toBeNull();
  });
});
