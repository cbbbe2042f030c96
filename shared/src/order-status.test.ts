import { describe, expect, it } from 'vitest';
import { canTransition, isFinalStatus, ORDER_STATUSES } from './order-status';

describe('order status guards', () => {
  it('follows the life of an order (docs/design.md section 5)', () => {
    expect(canTransition('pending_crypto_payment', 'confirming')).toBe(true);
    expect(canTransition('confirming', 'paid')).toBe(true);
    expect(canTransition('paid', 'processing')).toBe(true);
    expect(canTransition('processing', 'completed')).toBe(true);
    expect(canTransition('processing', 'failed')).toBe(true);
    expect(canTransition('pending_crypto_payment', 'payment_expired')).toBe(true);
    expect(canTransition('pending_crypto_payment', 'cancelled')).toBe(true);
  });
  it('refuses shortcuts and going back from an end', () => {
    expect(canTransition('pending_crypto_payment', 'processing')).toBe(false);
    expect(canTransition('pending_crypto_payment', 'completed')).toBe(false);
    expect(canTransition('confirming', 'cancelled')).toBe(false);
    expect(canTransition('completed', 'failed')).toBe(false);
    expect(canTransition('cancelled', 'pending_crypto_payment')).toBe(false);
  });
  it('knows the final statuses', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['completed', 'failed', 'cancelled']);
  });
});
