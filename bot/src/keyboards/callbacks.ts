/**
 * Every button's callback data (at most 64 bytes), packed and matched by one definition, so a button
 * and its handler cannot drift apart: `data(value)` goes on the button, `pattern` to
 * `callbackQuery()`, `value(ctx.match)` reads it back.
 */

export interface Callback<T> {
  data(value: T): string;
  readonly pattern: RegExp;
  value(match: string | RegExpMatchArray | null | undefined): T;
}

function callback<T extends string | number>(prefix: string, valuePattern: string, decode: (raw: string) => T): Callback<T> {
  return {
    data: (value) => `${prefix}:${value}`,
    pattern: new RegExp(`^${prefix}:(${valuePattern})$`),
    value: (match) => decode(typeof match === 'string' ? '' : (match?.[1] ?? '')),
  };
}

/** A button without a value: its data is its own pattern. */
function plain(data: string): { data: string; pattern: string } {
  return { data, pattern: data };
}

const ORDER_ID = '\\d{1,10}';
const RECIPIENT_ID = '\\d{6,15}';

export const CB = {
  recharge: plain('g:recharge'),
  balance: plain('g:balance'),
  /** Add to the balance (the balance top-up conversation). */
  addBalance: plain('g:addbal'),
  /** Choose a language. */
  language: callback('lang', '\\w+', String),
  /** Cancel an unpaid payment. */
  cancelPayment: callback('pay:x', 'pay_[A-Za-z0-9]{16,40}', String),
  /** A new payment for an expired order. */
  newPayment: callback('pay:n', ORDER_ID, Number),
  /** Check the payment now (the order's message is drawn again from its story). */
  checkPayment: callback('pay:c', ORDER_ID, Number),
  /** Contact support about this order. */
  support: callback('sup', ORDER_ID, Number),
  /** Top up again: the same number, operator and amount. */
  again: callback('g:again', ORDER_ID, Number),
  /** A saved recipient: recharge it, rename it, remove it. */
  recipient: callback('g:rcp', RECIPIENT_ID, String),
  renameRecipient: callback('g:rn', RECIPIENT_ID, String),
  removeRecipient: callback('g:rm', RECIPIENT_ID, String),
} as const;

/**
 * A choice inside the recharge (or balance top-up) conversation, `r:<step>:<value>`: the conversation waits for it and
 * checks it against the prompt it belongs to (not a `callbackQuery()` handler).
 */
export const STEP = {
  data: (step: string, value: string | number) => `r:${step}:${value}`,
  back: (step: string) => `r:${step}:back`,
  /** The step and its value, or null when the data is not a step's. */
  parse(data: string): { step: string; value: string } | null {
    const [prefix, step, ...rest] = data.split(':');
    return prefix === 'r' && step ? { step, value: rest.join(':') } : null;
  },
};
