import { describe, expect, it } from 'vitest';
import { CB, STEP, type Callback } from './callbacks';

/** The longest value each button carries. */
const LONGEST: Record<string, string | number> = {
  language: 'pt',
  cancelPayment: `pay_${'A'.repeat(40)}`,
  newPayment: 9_999_999_999,
  checkPayment: 9_999_999_999,
  support: 9_999_999_999,
  again: 9_999_999_999,
  recipient: '123456789012345',
  renameRecipient: '123456789012345',
  removeRecipient: '123456789012345',
};

describe('callback data', () => {
  // Each button with a value, read as one carrying string | number (which of the two is its own).
  const withValues = Object.entries(CB).flatMap(([name, cb]) =>
    typeof cb.data === 'function' ? [[name, cb as unknown as Callback<string | number>] as const] : [],
  );

  it('reads back what each button packs, within Telegram’s 64 bytes', () => {
    expect(withValues.map(([name]) => name).sort()).toEqual(Object.keys(LONGEST).sort());
    for (const [name, cb] of withValues) {
      const data = cb.data(LONGEST[name]!);
      expect(Buffer.byteLength(data), name).toBeLessThanOrEqual(64);
      expect(cb.value(data.match(cb.pattern)), name).toBe(LONGEST[name]);
    }
    expect(CB.recharge.data).toBe(CB.recharge.pattern);
  });

  it('gives each button a data no other button’s pattern takes', () => {
    const all = [
      ...withValues.map(([name, cb]) => ({ name, data: cb.data(LONGEST[name]!), pattern: cb.pattern })),
      ...['recharge', 'balance'].map((name) => ({ name, data: CB[name as 'recharge'].data, pattern: new RegExp(`^${CB[name as 'recharge'].pattern}$`) })),
    ];
    for (const a of all) expect(all.filter((b) => b.pattern.test(a.data)).map((b) => b.name)).toEqual([a.name]);
    expect(all.some((a) => STEP.parse(a.data))).toBe(false);
  });

  it('packs a conversation step and its value, a value may hold colons', () => {
    expect(STEP.parse(STEP.data('amount', 'custom:5'))).toEqual({ step: 'amount', value: 'custom:5' });
    expect(STEP.parse(STEP.back('phone'))).toEqual({ step: 'phone', value: 'back' });
    expect(STEP.parse('pay:c:1')).toBeNull();
  });
});
