/**
 * The spec's texts that more than one surface shows (each surface keeps its own words beside its
 * steps). One place, so a language can replace them together.
 */
export const CHECKOUT_TEXTS = {
  /** Four-step wizard (spec section 5). */
  phoneRequired: 'Phone number is required',
  selectAmount: 'Please select an amount',
  /** Spec section 8: a 429 shows the body's error, else this. */
  walletBusy: 'Cryptocurrency wallet temporarily unavailable. Please try again in a moment.',
  /** Spec section 2: the copy toast, for 2 s. */
  copied: 'Copied to clipboard!',
} as const;
