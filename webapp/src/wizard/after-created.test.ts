import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAmountOption, TBalanceOrderCreated, TCountry, TOperator, TPaymentCreated } from '@topup/shared';
import { RECENT_RECIPIENTS_KEY } from '../../../shared/src/recipients-storage';
import { afterCreated } from './after-created';
import { completeOrder, type CompleteOrder } from './checkout';
import { initialWizardState } from './state';

const cameroon = { id: 120, name: 'Cameroon', code: 'CM', dialCode: '+237', flag: '', currencyCode: 'XAF' } as TCountry;
const mtn = { id: 53, operatorId: 53, name: 'MTN Cameroon' } as TOperator;
const ten = { id: '53-1000', amount: 10, localAmount: 6000, currencyCode: 'XAF' } as TAmountOption;
const order = completeOrder({ ...initialWizardState, country: cameroon, operator: mtn, amount: ten, phone: '671234567' }) as CompleteOrder;
const onChain = { orderId: 7, paymentId: 'pay_1', orderToken: 'tok_1', status: 'pending_crypto_payment' } as TPaymentCreated;
const fromBalance = { orderId: 8, orderToken: 'tok_2', paymentMethod: 'balance', status: 'paid' } as TBalanceOrderCreated;

const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

const run = (created: TPaymentCreated | TBalanceOrderCreated, keptBy: 'account' | 'browser') => {
  const invalidated: unknown[] = [];
  const tokens: string[] = [];
  const queryClient = { invalidateQueries: async ({ queryKey }: { queryKey: unknown[] }) => void invalidated.push(queryKey[0]) };
  afterCreated(queryClient as never, created, order, 'USDT', { keptBy, keepOrderToken: (t) => tokens.push(t) });
  const kept = JSON.parse(storage.get(RECENT_RECIPIENTS_KEY) ?? '[]') as { phoneNumber: string; lastCoin: string }[];
  return { invalidated, tokens, kept };
};

describe('after an order is created', () => {
  it("an anonymous visitor's browser keeps the recipient and the order's token", () => {
    const { tokens, kept, invalidated } = run(onChain, 'browser');
    expect(tokens).toEqual(['tok_1']);
    expect(kept).toMatchObject([{ phoneNumber: '+237671234567', lastCoin: 'USDT' }]);
    expect(invalidated).toEqual(['/api/recipients', '/api/orders']);
  });

  it('an account keeps both itself: the browser keeps nothing', () => {
    const { tokens, kept, invalidated } = run(onChain, 'account');
    expect(tokens).toEqual([]);
    expect(kept).toEqual([]);
    expect(invalidated).toEqual(['/api/recipients', '/api/orders']);
  });

  it('paid from the balance, the balance and the account are fetched again too', () => {
    expect(run(fromBalance, 'account').invalidated).toEqual(['/api/recipients', '/api/orders', '/api/balance', '/api/auth/user']);
  });
});
