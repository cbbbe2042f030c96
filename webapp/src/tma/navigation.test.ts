import { describe, expect, it } from 'vitest';
import { backAction, screenOf } from './navigation';

describe('the mini-app’s screens and its back button', () => {
  it('puts the privacy policy over anything, then the orders, then the payment, then the checkout', () => {
    const none = { privacy: false, orders: false, openOrder: false, payment: false, onWizard: true };
    expect(screenOf({ ...none, privacy: true, orders: true, payment: true })).toBe('privacy');
    expect(screenOf({ ...none, orders: true, openOrder: true, payment: true })).toBe('order');
    expect(screenOf({ ...none, orders: true })).toBe('orders');
    expect(screenOf({ ...none, payment: true })).toBe('payment');
    expect(screenOf(none)).toBe('wizard');
    expect(screenOf({ ...none, onWizard: false })).toBe('coin');
  });

  it('goes back one screen; a payment is left payable, a settled one starts over, one under way goes to the orders', () => {
    expect(backAction('privacy', null, 1)).toBe('closePrivacy');
    expect(backAction('order', null, 1)).toBe('closeOrder');
    expect(backAction('orders', null, 1)).toBe('closeOrders');
    expect(backAction('coin', null, 4)).toBe('toWizard');
    expect((['waiting', 'expired', 'cancelled'] as const).map((v) => backAction('payment', v, 4))).toEqual(['leavePayment', 'leavePayment', 'leavePayment']);
    expect((['completed', 'failed'] as const).map((v) => backAction('payment', v, 4))).toEqual(['startOver', 'startOver']);
    expect((['confirming', 'processing', null] as const).map((v) => backAction('payment', v, 4))).toEqual(['toOrders', 'toOrders', 'toOrders']);
    expect(backAction('wizard', null, 3)).toBe('previousStep');
    expect(backAction('wizard', null, 1)).toBeNull();
  });
});
