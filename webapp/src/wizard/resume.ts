import type { TCoinSymbol } from '@topup/shared';
import type { WizardState } from './state';

/**
 * The payment on screen, remembered in this browser: a reload, a closed tab or a
 * trip to the wallet app brings its payment screen back. Only the explicit Back, Cancel or a new
 * payment forget it; GET /api/orders/open says whether it is still unfinished. The order token goes
 * with it (the mini-app keeps no other), the choices so that the screen shows what was bought.
 */
const KEY = 'open_payment';

export interface RememberedPayment {
  paymentId: string;
  orderToken: string;
  wizard: WizardState;
  coin: TCoinSymbol | null;
}

export function rememberPayment(payment: RememberedPayment): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(payment));
  } catch {
    // Storage refused (a private window): the order is still in the order list.
  }
}

export function rememberedPayment(): RememberedPayment | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as RememberedPayment | null;
    return saved && typeof saved.paymentId === 'string' && typeof saved.orderToken === 'string' && saved.wizard ? saved : null;
  } catch {
    return null;
  }
}

export function forgetPayment(paymentId?: string): void {
  try {
    if (!paymentId || rememberedPayment()?.paymentId === paymentId) localStorage.removeItem(KEY);
  } catch {
    // Nothing remembered.
  }
}
