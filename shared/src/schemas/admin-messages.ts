import type { TOrderStatus } from '../order-status';

/** The spec's admin texts (sections 5 and 8), word for word: the console shows them, the API answers with them. */
export const ADMIN_MESSAGES = {
  loginFailed: 'Invalid credentials. Please try again.',
  manualNewRequired: 'Please fill in all required fields.',
  manualExistingRequired: 'Please select an order and add notes for existing order processing.',
  /** Said only once the top-up is delivered (the order completed); until then it is "submitted". */
  manualTopupDone: 'Manual top-up processed successfully',
  balanceRequired: 'Please select a user and enter an amount.',
  balancePositive: 'Amount must be greater than 0.',
  passwordRequired: 'Please fill in all password fields',
  passwordMismatch: 'New passwords do not match',
  passwordShort: 'New password must be at least 6 characters long',
  passwordChanged: 'Your admin password has been updated successfully',
  contactEmailRequired: 'Please enter a new email address',
  contactEmailChanged: 'Your admin contact email has been updated successfully',
  signInEmailRequired: 'Please enter a new sign-in email address',
  signInEmailChanged: 'Your admin sign-in email has been updated successfully',
  emailFormat: 'Please enter a valid email address',
  // The order page's forms (not the spec's).
  reasonRequired: 'Please give a reason.',
  amountRequired: 'Please enter an amount.',
  // The unmatched payments' forms (not the spec's).
  matchOrderRequired: 'Please enter an order number or payment id.',
  creditCustomerRequired: "Please enter the customer's number or e-mail address.",
} as const;

/**
 * What a manual top-up says, step by step: submitted (the order is paid and queued), sent to the
 * provider, then the delivery's outcome. The spec's 'Manual top-up processed successfully' is said
 * only when it is true: once the order completed. The API answers with the first; the console follows
 * the order's status to the last.
 */
export function manualTopupProgress(orderId: number, status: TOrderStatus): { title: string; description: string; settled: boolean; ok: boolean } {
  switch (status) {
    case 'completed':
      return { title: 'Success!', description: ADMIN_MESSAGES.manualTopupDone, settled: true, ok: true };
    case 'failed':
      return {
        title: 'Top-up Failed',
        description: `Order #${orderId} could not be delivered. Open the order to see why and where its value went.`,
        settled: true,
        ok: false,
      };
    case 'processing':
      return {
        title: 'Manual top-up submitted',
        description: `Order #${orderId} was sent to the provider; waiting for the operator.`,
        settled: false,
        ok: true,
      };
    // Before delivery starts (the console shows this from the top-up's answer until the order moves).
    case 'pending_crypto_payment':
    case 'confirming':
    case 'paid':
    case 'payment_expired':
    case 'cancelled':
      return { title: 'Manual top-up submitted', description: `Order #${orderId} is queued for delivery.`, settled: false, ok: true };
  }
  return status satisfies never;
}

/** The spec's form messages are whole sentences, sent without the field name a validation message gets. */
export const ADMIN_FORM_MESSAGES: ReadonlySet<string> = new Set(Object.values(ADMIN_MESSAGES));

/** Minimum length of a new admin password (spec section 9). */
export const MIN_PASSWORD_LENGTH = 6;

/** Orders an admin may top up by hand (spec: the Manual Top-up tab's list). */
export const MANUAL_TOPUP_STATUSES: readonly TOrderStatus[] = ['pending_crypto_payment', 'failed', 'payment_expired'];

export type TBalanceAction = 'add' | 'subtract';

/** The note of a balance adjustment sent without one (spec section 5). */
export function defaultAdjustmentNote(action: TBalanceAction): string {
  return `Admin ${action} balance adjustment`;
}
