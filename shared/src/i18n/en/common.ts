import { DISPLAY_LABELS } from '../../order-display';
import type { TErrorCode } from '../../errors';
import type { TOrderStatus } from '../../order-status';
import type { PhoneErrorKey } from '../api-errors';
import { inCountry } from './grammar';

/**
 * What every surface says the same way: statuses, labels, amounts, API errors, the number-first,
 * repeat and share texts. English is the reference: every other language has the same keys with the
 * same parameters (the types in ../catalog.ts check it). Plain text: each surface escapes as it needs.
 */
export const common = {
  languageName: 'English',
  /** What follows a label before its value ("Total: $11.00"; French sets it apart). */
  colon: ':',
  /** "in Cameroon", "in the United States"; `name` is the country's name in this language. */
  inCountry: (p: { code: string; name: string }) => inCountry(p.code, p.name),

  statusNames: {
    pending_crypto_payment: 'Waiting for payment',
    confirming: 'Confirming',
    paid: 'Paid',
    processing: 'Processing',
    completed: 'Completed',
    failed: 'Failed',
    payment_expired: 'Expired',
    cancelled: 'Cancelled',
  } satisfies Record<TOrderStatus, string>,

  /** A PIN top-up's voucher (shared/src/pin.ts lists its lines), on every surface that shows the order. */
  pin: {
    title: 'Your PIN',
    intro: 'This operator tops up with a PIN: enter or dial it on the phone to receive the airtime. Keep it to yourself: whoever has it can use it.',
    code: 'PIN',
    serial: 'Serial number',
    validity: 'Valid for',
    dial: 'Number to dial',
    instructions: 'How to use it',
  },
  labels: {
    country: 'Country',
    operator: 'Operator',
    phone: 'Phone',
    amount: 'Airtime amount',
    fee: 'Service fee',
    total: 'Total',
    payWith: 'Payment method',
    totalCrypto: 'Total in crypto',
    network: 'Network',
    status: 'Status',
    date: 'Date',
    transactionId: 'Transaction id',
    order: 'Order',
  },
  serviceTypes: { airtime: 'Airtime', data: 'Data Bundle' },

  /** Amount choices, local money first: "2,500 XAF · $5.00". */
  amountChoice: (p: { local: string; usd: string }) => `${p.local} · ${p.usd}`,
  /** An approximate local amount: "≈ 2,500 XAF". */
  approxLocal: (p: { local: string }) => `≈ ${p.local}`,
  customAmountLocal: (p: { currency: string; min: string; max: string }) => `Or type an amount in ${p.currency}, between ${p.min} and ${p.max}`,
  customAmountUsd: 'Or type an amount in US dollars',
  recipientGets: (p: { local: string }) => `The recipient gets ${p.local}`,
  youPay: (p: { usd: string }) => `You pay ${p.usd} before fees`,

  /** API errors by code, where no better message is known. */
  errors: {
    VALIDATION_ERROR: 'Some of the details are not valid. Please check them and try again.',
    INVALID_PHONE: 'Invalid phone number format',
    AMOUNT_OUT_OF_RANGE: 'This amount is not available for this operator. Please choose another.',
    UNAUTHORIZED: 'Please sign in again.',
    TOTP_REQUIRED: 'Enter the 6-digit code of your authenticator app.',
    FORBIDDEN: 'You are not allowed to do this.',
    REGISTRATIONS_CLOSED: 'New registrations are closed at the moment.',
    NOT_FOUND: 'Not found.',
    CONFLICT: 'This was changed meanwhile. Please try again.',
    INVALID_STATE: 'This order can no longer be changed.',
    INSUFFICIENT_FUNDS: 'Your balance is too low for this order.',
    PAYLOAD_TOO_LARGE: 'This is too large.',
    UNSUPPORTED_MEDIA_TYPE: 'This kind of file is not accepted.',
    IDEMPOTENCY_MISMATCH: 'This request was already made with other details. Please start again.',
    RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
    INTERNAL: 'Something went wrong on our side. Please try again.',
    PROVIDER_UNAVAILABLE: 'Top-ups are unavailable right now. Please try again in a moment.',
    MAINTENANCE: 'The service is under maintenance. Please try again later.',
    PRICE_UNAVAILABLE: 'The price of this coin is unavailable right now. Please choose another coin or try again later.',
    NETWORK_DISABLED: 'This network is unavailable right now. Please choose another coin.',
    SERVICE_UNAVAILABLE: 'The service is briefly unavailable. Please try again in a few seconds.',
    OPERATOR_MISMATCH: 'This number belongs to another operator. Choose that operator, or confirm the one you chose.',
  } satisfies Record<TErrorCode, string>,
  /** The API's phone messages (the spec's), said in this language. */
  phoneErrors: {
    required: 'Phone number is required',
    invalidFormat: 'Invalid phone number format',
    otherCountry: 'This phone number does not belong to the selected country',
    notMobile: 'This is not a mobile phone number',
    needsCountryCode: 'Enter the full number with its country code, e.g. +237 671 234 567',
  } satisfies Record<PhoneErrorKey, string>,

  /** Number first: a full international number finds the country and the operator. */
  numberFirst: {
    prompt: 'Phone number to top up',
    hint: 'Paste or type the full number with its country code, e.g. +237 677 12 34 56',
    detected: (p: { country: string; operator: string | null }) => (p.operator ? `${p.country} · ${p.operator}` : p.country),
    confirm: 'Continue',
    chooseCountry: 'Choose the country yourself',
  },

  /** Repeat in one tap: the people topped up before. */
  recents: {
    title: 'Top up again',
    again: (p: { who: string; amount: string }) => `Again: ${p.who} ${p.amount}`,
    rename: 'Rename',
    remove: 'Remove',
    namePlaceholder: 'Name, e.g. Mum',
    removed: 'Removed from your recent recipients.',
  },

  /** Share and come back: an order opened elsewhere. */
  share: {
    openInApp: 'Open in the app',
    openOnSite: 'Open on the website',
    viewOrder: 'View order',
  },
  /** An order's display state (shared/src/order-display.ts), as every client names it: state, or state.sub. */
  /**
   * An order read in Telegram whose coin Telegram's rules keep out of it (the story's `pay_outside_telegram`):
   * said instead of its address, QR code and wallet links, with no link to where it is paid.
   */
  paidOutsideTelegram: (p: { coin: string; network: string }) => `This order is paid outside Telegram, in ${p.coin} (${p.network}); its status is shown here.`,
  displayStates: DISPLAY_LABELS,
};

export type CommonMessages = typeof common;
