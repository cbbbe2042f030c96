import { describe, expect, it } from 'vitest';
import { CHAINS } from './coins';
import {
  DISPLAY_ICONS,
  DISPLAY_LABELS,
  DISPLAY_STATES,
  DISPLAY_TONES,
  displayKey,
  displayLabel,
  displaySentence,
  NEXT_ACTION_LABELS,
  NEXT_ACTIONS,
  TIMELINE_KINDS,
  TIMELINE_LABELS,
  type TOrderDisplay,
} from './order-display';

const base: TOrderDisplay = {
  state: 'awaiting_payment',
  sub: null,
  coin: 'USDT',
  due: '11',
  received: '0',
  remaining: '11',
  deadline: '2030-01-01T14:05:00.000Z',
  confirmations: null,
  credit: null,
  flags: { wrongCoin: false, overpaid: false },
};

describe('order display: one label, tone and sentence per state and sub-state, for every client', () => {
  it('labels every state, with and without its sub-states, and gives each state a tone and an icon', () => {
    for (const state of DISPLAY_STATES) {
      expect(DISPLAY_TONES[state]).toMatch(/^(green|red|yellow)$/);
      expect(DISPLAY_ICONS[state]).toBeTruthy();
      expect(Object.keys(DISPLAY_LABELS).some((key) => key === state || key.startsWith(`${state}.`))).toBe(true);
    }
    for (const action of NEXT_ACTIONS) expect(NEXT_ACTION_LABELS[action]).toBeTruthy();
    for (const kind of TIMELINE_KINDS) expect(TIMELINE_LABELS[kind]).toBeTruthy();
  });

  it('keeps the spec’s colours: completed green, failed or cancelled red, anything else yellow', () => {
    expect(DISPLAY_TONES.completed).toBe('green');
    expect(DISPLAY_TONES.failed_credited).toBe('red');
    expect(DISPLAY_TONES.cancelled).toBe('red');
    expect(DISPLAY_TONES.partly_paid).toBe('yellow');
  });

  it('says what the issue asks, in one sentence', () => {
    const underpaid: TOrderDisplay = { ...base, state: 'partly_paid', sub: 'after_window', received: '5', remaining: '6' };
    expect(displayKey(underpaid)).toBe('partly_paid.after_window');
    expect(displaySentence(underpaid)).toBe('Underpaid: 5 of 11 USDT received; send the rest until 14:05 UTC or it is credited to your balance.');
    expect(displaySentence(underpaid, () => 'tomorrow 2 pm')).toContain('send the rest until tomorrow 2 pm');
    expect(displayLabel({ state: 'confirming', sub: null, confirmations: { n: 1, m: 3 } })).toBe('Confirming 1/3');
    const held: TOrderDisplay = {
      ...base,
      state: 'failed_credited',
      sub: 'held',
      credit: { amount: 1100, place: 'held', reasons: ['failed_delivery'], hasEmail: true, hasTelegram: true },
    };
    expect(displayLabel(held)).toBe('Failed: credit kept for you');
    expect(displaySentence(held)).toBe(
      "The top-up could not be delivered. $11.00 is kept for you: sign in with this order's e-mail address (or its Telegram account) to use it.",
    );
    expect(displaySentence({ ...held, credit: { ...held.credit!, hasTelegram: false } })).toBe(
      "The top-up could not be delivered. $11.00 is kept for you: sign in with this order's e-mail address to use it.",
    );
    expect(displaySentence({ ...held, credit: { ...held.credit!, hasEmail: false } })).toBe(
      'The top-up could not be delivered. $11.00 is kept for you: sign in with the Telegram account that made the order to use it.',
    );
    expect(displaySentence({ ...held, credit: { ...held.credit!, hasEmail: false, hasTelegram: false } })).toBe(
      'The top-up could not be delivered. $11.00 is kept for you: sign in in the browser that made the order to use it.',
    );
    const refunded: TOrderDisplay = { ...held, sub: 'on_balance', credit: { ...held.credit!, place: 'on_balance' } };
    expect(displaySentence(refunded)).toBe('The top-up could not be delivered. $11.00 was credited to your balance.');
    const overpaid: TOrderDisplay = {
      ...base,
      state: 'completed',
      flags: { wrongCoin: false, overpaid: true },
      credit: { amount: 100, place: 'on_balance', reasons: ['overpayment'], hasEmail: false, hasTelegram: false },
    };
    expect(displaySentence(overpaid)).toBe('Top-up Completed! Received beyond the order: $1.00 was credited to your balance.');
    expect(displaySentence({ ...base, state: 'confirming', confirmations: { n: 2, m: 3 } })).toBe('Payment seen: confirming 2/3.');
  });
});

describe('block explorers', () => {
  it('link a transaction on the mainnet only', () => {
    expect(CHAINS.explorerTxUrl('ethereum', 1, '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(CHAINS.explorerTxUrl('bsc', 56, '0xabc')).toBe('https://bscscan.com/tx/0xabc');
    expect(CHAINS.explorerTxUrl('polygon', 137, '0xabc')).toBe('https://polygonscan.com/tx/0xabc');
    expect(CHAINS.explorerTxUrl('base', 8453, '0xabc')).toBe('https://basescan.org/tx/0xabc');
    expect(CHAINS.explorerTxUrl('arbitrum', 42161, '0xabc')).toBe('https://arbiscan.io/tx/0xabc');
    expect(CHAINS.explorerTxUrl('ethereum', 31337, '0xabc')).toBeNull();
  });
});
