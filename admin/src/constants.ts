/** Manual top-up amount input minimum (spec section 9). */
export const MANUAL_TOPUP_MIN_USD = 5;
