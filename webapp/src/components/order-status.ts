/** Spec section 4, order colours: completed (or success) green; failed or cancelled red; anything else yellow. */
export function statusTone(status: string): 'green' | 'red' | 'yellow' {
  if (status === 'completed' || status === 'success') return 'green';
  if (status === 'failed' || status === 'cancelled') return 'red';
  return 'yellow';
}

/** 'pending_crypto_payment' -> 'Pending Crypto Payment'. */
export const capitaliseStatus = (status: string): string => status.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
