import { describe, expect, it } from 'vitest';
import { catalogFor, type TPaymentCreated } from '@topup/shared';
import { pendingPaymentCaption, statusCaption } from './payment';

const payment = {
  orderId: 7,
  paymentId: 'pay_abcdefghijklmnop',
  amount: '10.00',
  totalAmount: '11.00',
  cryptoAmount: '11',
  cryptocurrency: 'USDT',
  walletAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  networkLabel: 'Ethereum',
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-01T10:06:00.000Z',
} as unknown as TPaymentCreated;

describe('the payment message in French', () => {
  it('sets every colon apart with a no-break space, as the catalog does', () => {
    const t = catalogFor('fr');
    const details = { phoneNumber: '+2348031234567', operatorName: 'MTN Nigeria' };
    const notification = { orderId: 7, paymentId: payment.paymentId, status: 'paid', amount: '$10.00', total: '$11.00', ...details } as const;
    for (const text of [pendingPaymentCaption(t, payment, details, 'fr'), statusCaption(t, notification as never)]) {
      expect(text).toContain(`${t.common.labels.status}\u00a0:`);
      expect(text).not.toMatch(/[^\u00a0]:\s/);
    }
  });
});
