import { describe, expect, it } from 'vitest';
import {
  MAX_STORED_RECIPIENTS,
  readStoredRecipients,
  rememberRecipient,
  removeStoredRecipient,
  renameStoredRecipient,
  writeStoredRecipients,
  type StoredRecipient,
} from './recipients-storage';
import { miniAppOrderLink, orderPageUrl, orderStartParam, paymentIdFromStartParam } from './links';

const mum: Omit<StoredRecipient, 'name'> = {
  phoneNumber: '+237677123456',
  countryCode: 'CM',
  countryId: 120,
  operatorId: 53,
  operatorName: 'MTN Cameroon',
  lastAmountCents: 1000,
  lastCoin: 'USDT',
  lastLocalAmount: 6000,
  localCurrency: 'XAF',
  lastOrderAt: '2025-06-29T10:00:00.000Z',
};

describe('recent recipients kept by the browser', () => {
  it('puts the latest first, keeps a name across orders, and removes', () => {
    let list = rememberRecipient([], mum);
    list = rememberRecipient(list, { ...mum, phoneNumber: '+2348031234567', operatorName: 'MTN Nigeria' });
    list = renameStoredRecipient(list, '+237677123456', '  Mum  ');
    list = rememberRecipient(list, { ...mum, lastAmountCents: 2500 });
    expect(list.map((r) => [r.phoneNumber, r.name, r.lastAmountCents])).toEqual([
      ['+237677123456', 'Mum', 2500],
      ['+2348031234567', null, 1000],
    ]);
    expect(readStoredRecipients(writeStoredRecipients(list))).toEqual(list);
    expect(removeStoredRecipient(list, '+237677123456').map((r) => r.phoneNumber)).toEqual(['+2348031234567']);
    expect(renameStoredRecipient(list, '+237677123456', '')[0]!.name).toBeNull();
  });

  it('keeps at most ten, and drops whatever it cannot read instead of failing', () => {
    let list: StoredRecipient[] = [];
    for (let i = 0; i < 15; i++) list = rememberRecipient(list, { ...mum, phoneNumber: `+2376771234${String(i).padStart(2, '0')}` });
    expect(list).toHaveLength(MAX_STORED_RECIPIENTS);
    expect(list[0]!.phoneNumber).toBe('+237677123414');
    expect(readStoredRecipients('not json')).toEqual([]);
    expect(readStoredRecipients('{"a":1}')).toEqual([]);
    expect(readStoredRecipients(null)).toEqual([]);
    expect(
      readStoredRecipients(
        JSON.stringify([
          { ...mum, name: null },
          { ...mum, phoneNumber: '0677' },
          { ...mum, lastAmountCents: 'ten' },
        ]),
      ),
    ).toHaveLength(1);
  });
});

describe('order links', () => {
  it('open an order on the site and in the mini-app, and the mini-app reads its start parameter back', () => {
    const paymentId = 'pay_AbC123def456GHI789';
    expect(orderPageUrl('https://topup.example/', paymentId)).toBe('https://topup.example/orders/pay_AbC123def456GHI789');
    expect(miniAppOrderLink('https://t.me/TopupBot/app', paymentId)).toBe('https://t.me/TopupBot/app?startapp=order_pay_AbC123def456GHI789');
    expect(miniAppOrderLink('https://t.me/TopupBot', paymentId)).toBe('https://t.me/TopupBot?startapp=order_pay_AbC123def456GHI789');
    expect(orderStartParam(paymentId)).toMatch(/^[\w-]{1,64}$/);
    expect(paymentIdFromStartParam(orderStartParam(paymentId))).toBe(paymentId);
    expect(paymentIdFromStartParam('order_pay_short')).toBeNull();
    expect(paymentIdFromStartParam(undefined)).toBeNull();
  });
});
