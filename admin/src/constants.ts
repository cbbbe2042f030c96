import type { TOrderStatus } from '@topup/shared';

/** Orders an admin may top up by hand (spec: the Manual Top-up tab's list). */
export const MANUAL_TOPUP_STATUSES: readonly TOrderStatus[] = ['pending_crypto_payment', 'failed', 'payment_expired'];

/** Manual top-up amount input minimum (spec section 9). */
export const MANUAL_TOPUP_MIN_USD = 5;
