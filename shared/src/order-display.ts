/**
 * What an order is, said the same on every surface. The API derives a display state
 * from the order's status, its payments and the ledger (`display` in the order list, the status calls
 * and the order story); this module gives each state and sub-state its label, sentence and colour, once,
 * for every client. It has no zod, so the web app's first load can carry it.
 *
 * The spec's `status` field stays as it was: `display` is what a customer should be told.
 */
import { formatUsd } from './money';

export const DISPLAY_STATES = [
  /** Nothing received yet; the window is open. */
  'awaiting_payment',
  /** Part of the amount arrived (confirmed): the rest can be sent until the address stops being watched. */
  'partly_paid',
  /** A payment of the order's coin is waiting for its confirmations (n/m). */
  'confirming',
  /** Paid; the top-up is about to be sent. */
  'paid',
  /** The top-up is with the operator. */
  'delivering',
  'completed',
  /** The top-up could not be delivered; its value was credited (or, re-sent by support, is on its way again). */
  'failed_credited',
  /** The window passed with nothing received. */
  'expired',
  /** The window passed; what arrived (short, or late at a changed price) was credited. */
  'expired_credited',
  'cancelled',
] as const;
export type TDisplayState = (typeof DISPLAY_STATES)[number];

/**
 * Sub-states: `in_window` / `after_window` for a partly paid order (the window is open, or only the
 * watch still takes the rest); `on_balance` / `held` for a credited order (on the customer's balance,
 * or kept for whoever signs in with the order's e-mail address or Telegram account); `resent` for a
 * failed order support sent again (its credit went into the new top-up); `slow` for a paid or
 * delivering order that has taken more than SLOW_DELIVERY_MS.
 */
export const DISPLAY_SUBS = ['in_window', 'after_window', 'on_balance', 'held', 'resent', 'slow'] as const;
export type TDisplaySub = (typeof DISPLAY_SUBS)[number];

/** Why a ledger credit came from an order (the ledger's reasons that give a customer money). */
export const CREDIT_REASONS = ['overpayment', 'late_payment', 'underpayment', 'wrong_coin', 'failed_delivery'] as const;
export type TCreditReason = (typeof CREDIT_REASONS)[number];

/** Where credited value is: the customer's balance, or held on the order until its owner signs in. */
export type TCreditPlace = 'on_balance' | 'held';

/** A paid or delivering order older than this is "taking longer than usual", and support is the next step. */
export const SLOW_DELIVERY_MS = 30 * 60 * 1000;

/** An order's display, as the API sends it (money in cents once parsed; crypto as display text). */
export interface TOrderDisplay {
  state: TDisplayState;
  sub: TDisplaySub | null;
  /** The order's coin and, in it, what was due, what arrived (live payments) and what is left; null without a coin. */
  coin: string | null;
  due: string | null;
  received: string | null;
  remaining: string | null;
  /** Until when the customer can act: the window's end (awaiting payment) or the watch's end (partly paid). */
  deadline: string | null;
  /** Of the payment still confirming. */
  confirmations: { n: number; m: number } | null;
  /**
   * Every credit the order produced (in cents), and where that value is now; whether the order has an
   * e-mail address or a Telegram account says how a held credit is claimed (never the address itself).
   */
  credit: { amount: number; place: TCreditPlace; reasons: TCreditReason[]; hasEmail: boolean; hasTelegram: boolean } | null;
  /** Credits beside the order's own payment: another coin sent to the address, or more than was due. */
  flags: { wrongCoin: boolean; overpaid: boolean };
}

/** The key of a state and sub-state in the label tables ("failed_credited.held"). */
export type TDisplayKey =
  | 'awaiting_payment'
  | 'partly_paid.in_window'
  | 'partly_paid.after_window'
  | 'confirming'
  | 'paid'
  | 'paid.slow'
  | 'delivering'
  | 'delivering.slow'
  | 'completed'
  | 'failed_credited.on_balance'
  | 'failed_credited.held'
  | 'failed_credited.resent'
  | 'expired'
  | 'expired_credited.on_balance'
  | 'expired_credited.held'
  | 'cancelled'
  | 'cancelled.on_balance'
  | 'cancelled.held';

export function displayKey(d: Pick<TOrderDisplay, 'state' | 'sub'>): TDisplayKey {
  return (d.sub ? `${d.state}.${d.sub}` : d.state) as TDisplayKey;
}

/** The short label of every state and sub-state (badges, lists, the bot's English). */
export const DISPLAY_LABELS: Record<TDisplayKey, string> = {
  awaiting_payment: 'Waiting for payment',
  'partly_paid.in_window': 'Underpaid',
  'partly_paid.after_window': 'Underpaid: send the rest',
  confirming: 'Confirming',
  paid: 'Paid',
  'paid.slow': 'Paid: taking longer than usual',
  delivering: 'Sending the top-up',
  'delivering.slow': 'Sending: taking longer than usual',
  completed: 'Completed',
  'failed_credited.on_balance': 'Failed: refunded to your balance',
  'failed_credited.held': 'Failed: credit kept for you',
  'failed_credited.resent': 'Failed: sent again',
  expired: 'Expired',
  'expired_credited.on_balance': 'Expired: credited to your balance',
  'expired_credited.held': 'Expired: credit kept for you',
  cancelled: 'Cancelled',
  'cancelled.on_balance': 'Cancelled: credited to your balance',
  'cancelled.held': 'Cancelled: credit kept for you',
};

/** The spec's colours (section 4): completed green; failed or cancelled red; anything else yellow. */
export type TDisplayTone = 'green' | 'red' | 'yellow';

export const DISPLAY_TONES: Record<TDisplayState, TDisplayTone> = {
  awaiting_payment: 'yellow',
  partly_paid: 'yellow',
  confirming: 'yellow',
  paid: 'yellow',
  delivering: 'yellow',
  completed: 'green',
  failed_credited: 'red',
  expired: 'yellow',
  expired_credited: 'yellow',
  cancelled: 'red',
};

/** One icon per state, for text surfaces (the bot). */
export const DISPLAY_ICONS: Record<TDisplayState, string> = {
  awaiting_payment: '⏳',
  partly_paid: '◐',
  confirming: '🔄',
  paid: '💳',
  delivering: '⚙️',
  completed: '✅',
  failed_credited: '❌',
  expired: '⌛',
  expired_credited: '⌛',
  cancelled: '✖️',
};

/** The badge: the label, with the confirmations counted where they are. */
export function displayLabel(d: Pick<TOrderDisplay, 'state' | 'sub' | 'confirmations'>): string {
  const label = DISPLAY_LABELS[displayKey(d)];
  return d.state === 'confirming' && d.confirmations ? `${label} ${d.confirmations.n}/${d.confirmations.m}` : label;
}

export function displayTone(d: Pick<TOrderDisplay, 'state'>): TDisplayTone {
  return DISPLAY_TONES[d.state];
}

/** "14:05 UTC": how a sentence names a moment unless the surface gives its own format. */
export function utcTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
}

/** A held credit: claimed by signing in where the order can be proven the customer's (api BalanceService.claimOnSignIn). */
export type TClaimWays = Pick<NonNullable<TOrderDisplay['credit']>, 'hasEmail' | 'hasTelegram'>;

/** Which of the ways to claim a held credit a sentence names: only those the order has. */
export function claimWay(c: TClaimWays): 'email_telegram' | 'email' | 'telegram' | 'browser' {
  if (c.hasEmail) return c.hasTelegram ? 'email_telegram' : 'email';
  return c.hasTelegram ? 'telegram' : 'browser';
}

const SIGN_IN_WITH: Record<ReturnType<typeof claimWay>, string> = {
  email_telegram: "sign in with this order's e-mail address (or its Telegram account)",
  email: "sign in with this order's e-mail address",
  telegram: 'sign in with the Telegram account that made the order',
  browser: 'sign in in the browser that made the order',
};

/** Where credited value is, as a sentence's end: "was credited to your balance" / "is kept for you: …". */
function creditedWhere(credit: NonNullable<TOrderDisplay['credit']>): string {
  const where = credit.place === 'held' ? `is kept for you: ${SIGN_IN_WITH[claimWay(credit)]} to use it` : 'was credited to your balance';
  return `${formatUsd(credit.amount)} ${where}`;
}

/**
 * The one sentence that explains the order now (the order page's headline, the bot's status line, the
 * e-mail). `time` formats a moment (default: "14:05 UTC").
 */
export function displaySentence(d: TOrderDisplay, time: (iso: string) => string = utcTime): string {
  const coin = d.coin ?? '';
  // An over-payment or another coin beside the order's own payment: said after the state's sentence.
  const extra = d.credit && (d.flags.overpaid || d.flags.wrongCoin) ? ` Received beyond the order: ${creditedWhere(d.credit)}.` : '';
  switch (d.state) {
    case 'awaiting_payment':
      return `Send ${d.due} ${coin} before ${time(d.deadline!)}.${extra}`;
    case 'partly_paid':
      return `Underpaid: ${d.received} of ${d.due} ${coin} received; send the rest until ${time(d.deadline!)} or it is credited to your balance.${extra}`;
    case 'confirming':
      return `Payment seen: confirming ${d.confirmations?.n ?? 0}/${d.confirmations?.m ?? 1}.${extra}`;
    case 'paid':
      return d.sub === 'slow'
        ? 'Payment received; the top-up is taking longer than usual. Contact support with your order id.'
        : `Payment Received - Processing Top-up...${extra}`;
    case 'delivering':
      return d.sub === 'slow'
        ? 'The operator is taking longer than usual. Contact support with your order id.'
        : `Sending the top-up to the operator...${extra}`;
    case 'completed':
      return `Top-up Completed!${extra}`;
    case 'failed_credited':
      if (d.sub === 'resent') return 'The top-up could not be delivered; support sent it again.';
      return d.credit
        ? `The top-up could not be delivered. ${creditedWhere(d.credit)}.`
        : 'The top-up could not be delivered. Contact support with your order id.';
    case 'expired':
      return `Payment Window Expired. Nothing was received.${extra}`;
    case 'expired_credited':
      return `Payment window expired. What arrived (${d.received ?? '0'} ${coin}) ${d.credit ? creditedWhere(d.credit) : 'was credited'}.`;
    case 'cancelled':
      return d.credit ? `Payment cancelled. What arrived afterwards: ${creditedWhere(d.credit)}.` : 'Payment cancelled.';
  }
}

/** What a customer should do next, exactly one per order (the order story's `next.action`), and its button. */
export const NEXT_ACTION_LABELS = {
  pay: 'Pay now',
  pay_rest: 'Send the rest',
  pay_outside_telegram: 'Paid outside Telegram',
  wait: 'Nothing to do: we will update this page',
  open_balance: 'Open your balance',
  sign_in: 'Sign in to use your credit',
  new_recharge: 'Recharge this number again',
  contact_support: 'Contact support',
};
export type TNextActionKind = keyof typeof NEXT_ACTION_LABELS;
export const NEXT_ACTIONS = kindsOf(NEXT_ACTION_LABELS);

/** What happened to an order, one item of its timeline (the order story's `timeline[].kind`), and its label. */
export const TIMELINE_LABELS = {
  created: 'Order created',
  payment_seen: 'Payment seen',
  payment_removed: 'Payment dropped by a chain reorganisation',
  underpaid: 'Less than the amount due arrived',
  paid: 'Paid',
  submitted: 'Top-up sent to the operator',
  completed: 'Top-up delivered',
  failed: 'Top-up could not be delivered',
  expired: 'Payment window ended',
  cancelled: 'Cancelled',
  credited: 'Credited',
  claimed: 'Moved to your balance',
  resent: 'Sent again by support',
  paid_out: 'Paid out to your wallet',
};
export type TTimelineKind = keyof typeof TIMELINE_LABELS;
export const TIMELINE_KINDS = kindsOf(TIMELINE_LABELS);

export const CREDIT_REASON_LABELS: Record<TCreditReason, string> = {
  overpayment: 'More than the amount due',
  late_payment: 'Arrived after the window, at a changed price',
  underpayment: 'Less than the amount due, when the watch ended',
  wrong_coin: 'Another coin sent to the address',
  failed_delivery: 'Refund of an undelivered top-up',
};

/**
 * POST /api/cancel-transaction on an order that has received funds (409): why it cannot be cancelled
 * and what happens to the funds instead. Every client shows this text as is.
 */
export const CANCEL_REFUSED_FUNDS_MESSAGE =
  'This order cannot be cancelled: a payment for it has already arrived. If part of the amount is still due, send the rest before the deadline shown; if it does not arrive in time, what arrived is credited to your balance. Nothing is lost.';

/** The same for an order already paid: its top-up is on its way, or done. */
export const CANCEL_REFUSED_PAID_MESSAGE =
  'This order cannot be cancelled: it is paid and its top-up is on its way (or done). If the top-up cannot be delivered, its value is credited to your balance.';

/** What the leaving calls (page hidden, Back) answer: the order is not cancelled. */
export function stillPayableMessage(expiresAt: string, time: (iso: string) => string = utcTime): string {
  return `The order is still open: you can pay it until ${time(expiresAt)}. Only Cancel cancels it.`;
}

/** The order named for support (the live chat, an e-mail): its number and payment id. */
export function supportReference(orderId: number, paymentId: string): string {
  return `Order #${orderId} (${paymentId})`;
}

/**
 * OPERATOR_MISMATCH (422): the number belongs to another operator the catalog knows. The error's
 * `details` carry the detected operator, so a client can offer to switch.
 */
export function operatorMismatchMessage(detectedName: string, chosenName: string): string {
  return `This number belongs to ${detectedName}, not ${chosenName}. Choose ${detectedName} to continue (or, if the number moved to ${chosenName}, confirm ${chosenName}).`;
}

/** A label table's kinds, in its order, as zod's enum takes them: the table is the one list of the kinds. */
function kindsOf<K extends string>(labels: Record<K, string>): [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}
