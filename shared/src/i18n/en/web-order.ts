import {
  CREDIT_REASON_LABELS,
  displaySentence,
  NEXT_ACTION_LABELS,
  TIMELINE_LABELS,
  type TCreditReason,
  type TNextActionKind,
  type TOrderDisplay,
  type TTimelineKind,
} from '../../order-display';

/** The order's display, and how its sentence formats a moment and a dollar amount (cents) in the page's language. */
export interface SentenceParams {
  display: TOrderDisplay;
  time(iso: string): string;
  usd(cents: number): string;
}

/**
 * The order page (site `/orders/{paymentId}`, the mini-app's order view) and what the payment screens
 * say of an order's money. English is shared/src/order-display.ts's own words, so the page, the bot
 * and the e-mails say the same thing.
 */
export const order = {
  title: (p: { orderId: number }) => `Order #${p.orderId}`,
  loading: 'Loading the order...',
  notFound: 'This order cannot be found, or this link is not valid for it.',
  loadFailed: 'The order could not be loaded. Please try again.',
  allOrders: 'All orders',
  /** The order in the mini-app (MINI_APP_LINK with startapp=order_<paymentId>). */
  openInTelegram: 'Open in Telegram',
  /** The one sentence of the order now (order-display.ts `displaySentence`). */
  sentence: (p: SentenceParams): string => displaySentence(p.display, p.time) ?? '',
  amountsTitle: 'Payment',
  due: 'Due',
  received: 'Received',
  remaining: 'Still to send',
  sendBefore: (p: { time: string }) => `Send it before ${p.time}.`,
  onlyTheRest: 'Send only this amount: what already arrived counts.',
  valueTitle: 'Where the money went',
  credit: (p: { amount: string; reason: string }) => `${p.amount}: ${p.reason}`,
  onBalance: 'on your balance',
  held: 'kept for you until you sign in',
  resentAmount: (p: { amount: string }) => `${p.amount} used to send the top-up again`,
  nothingCredited: 'Nothing was credited: the payment went to the order.',
  timelineTitle: 'What happened',
  timeline: TIMELINE_LABELS as Record<TTimelineKind, string>,
  creditReasons: CREDIT_REASON_LABELS as Record<TCreditReason, string>,
  confirmations: (p: { n: number; m: number }) => `${p.n}/${p.m} confirmations`,
  otherCoin: 'another coin: credited to the balance',
  removed: 'dropped',
  transaction: 'Transaction',
  nextTitle: 'What to do now',
  nextActions: NEXT_ACTION_LABELS as Record<TNextActionKind, string>,
  signInWith: (p: { email: string }) => `Sign in with ${p.email} to find this credit on your balance.`,
  signInTelegram: 'Sign in with the Telegram account that made the order to find this credit on your balance.',
  signInBrowser: 'Sign in in the browser that made the order to find this credit on your balance.',
  supportReference: 'Name this order to support:',
  contactSupport: 'Contact support',
  viewOrder: 'View order',
  /** The payment screens after a partial payment. */
  receivedOf: (p: { received: string; due: string; coin: string }) => `Received ${p.received} of ${p.due} ${p.coin}.`,
  restToSend: 'Amount still to send',
  /** CANCEL refused: the server says why; this heads it. */
  notCancelled: 'The order was not cancelled',
  maintenance: 'New orders are paused for maintenance. Please try again later.',
  switchOperator: (p: { operator: string }) => `Switch to ${p.operator}`,
  /** A payment this browser remembered closed meanwhile: its order page says what happened. */
  lapsed: 'Your last payment is no longer open (its window ended, or it was paid or cancelled). Its order page says what happened to it.',
  resumeTitle: 'You have an unfinished payment',
};

export type WebOrderMessages = typeof order;
