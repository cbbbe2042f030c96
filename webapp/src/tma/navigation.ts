import type { PaymentView } from '../wizard/PaymentScreen';

/** The mini-app's step index: the wizard's four steps (1 country, 2 operator, 3 amount, 4 phone), then the coin. */
export const [AMOUNT_STEP, PHONE_STEP, COIN_STEP] = [3, 4, 5];

/** The mini-app's screens, the one on top first: the privacy policy over anything, then the orders, then the checkout. */
export type TmaScreen = 'privacy' | 'order' | 'orders' | 'payment' | 'wizard' | 'coin';

export function screenOf(s: { privacy: boolean; orders: boolean; openOrder: boolean; payment: boolean; onWizard: boolean }): TmaScreen {
  if (s.privacy) return 'privacy';
  if (s.orders) return s.openOrder ? 'order' : 'orders';
  if (s.payment) return 'payment';
  return s.onWizard ? 'wizard' : 'coin';
}

/** What Telegram's back button does on a screen; null: the first step has none. */
export type BackAction = 'closePrivacy' | 'closeOrder' | 'closeOrders' | 'toWizard' | 'leavePayment' | 'startOver' | 'toOrders' | 'previousStep';

export function backAction(screen: TmaScreen, view: PaymentView | null, wizardStep: number): BackAction | null {
  switch (screen) {
    case 'privacy':
      return 'closePrivacy';
    case 'order':
      return 'closeOrder';
    case 'orders':
      return 'closeOrders';
    case 'coin':
      return 'toWizard';
    case 'payment':
      // Nothing under way: leaving keeps the order payable. Settled: a new recharge. Under way: the orders, where it is followed.
      if (view === 'waiting' || view === 'expired' || view === 'cancelled') return 'leavePayment';
      if (view === 'completed' || view === 'failed') return 'startOver';
      return 'toOrders';
    case 'wizard':
      return wizardStep > 1 ? 'previousStep' : null;
  }
}
