import { beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import type { TonTransaction } from './api';
import { incomingTransfer, TRANSFER_NOTIFICATION } from './messages';

/**
 * Which incoming transactions are payments, on transactions in the shape TON Center's API v3 documents
 * (GET /api/v3/transactions): the cases the double cannot easily make (a bounce, a failed bounceable
 * transfer, another operation).
 */

const CUSTOMER = '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8';
const JETTON_WALLET = '0:E5BD00AAAEAE1C303C930652DEAE41E39E2ACD7454B84CF0A9DA52BB148EA468';
const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

function tx(o: { body?: string; value?: string; source?: string | null; bounce?: boolean; bounced?: boolean; aborted?: boolean }): TonTransaction {
  return {
    account: '0:925F7AF95448CDB4B39A9E192DCC36538AD6D7892FE29C8422A85E00A6E8278B',
    hash: 'uKrR8sheixXJ0U+Kcvd9OF4PVg6HvMAh3avukb4V33w=',
    lt: '47000000000001',
    now: 1_760_000_000,
    mc_block_seqno: 50_000_000,
    description: { aborted: o.aborted ?? false, compute_ph: { skipped: false, success: !o.aborted, exit_code: 0 } },
    in_msg: {
      hash: 'ct69JrdacVnVbrUhlAwBxdVzvm72IhR43y5lcoHypQA=',
      source: o.source === undefined ? CUSTOMER : o.source,
      destination: '0:925F7AF95448CDB4B39A9E192DCC36538AD6D7892FE29C8422A85E00A6E8278B',
      value: o.value ?? '1500000000',
      opcode: null,
      bounce: o.bounce ?? false,
      bounced: o.bounced ?? false,
      message_content: { hash: '', body: o.body ?? beginCell().endCell().toBoc().toString('base64'), decoded: null },
    },
  };
}

describe('incoming TON transactions', () => {
  it('Toncoin with a text comment, or with none', () => {
    expect(incomingTransfer(tx({ body: comment(' topup-12 ').toBoc().toString('base64') }))).toEqual({
      jettonWallet: null,
      amount: 1_500_000_000n,
      from: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
      comment: 'topup-12',
    });
    expect(incomingTransfer(tx({}))).toMatchObject({ jettonWallet: null, comment: null });
  });

  it('a jetton notification: the amount, the owner who sent it and the forward payload’s comment, even when its own transaction failed for gas', () => {
    const body = beginCell()
      .storeUint(TRANSFER_NOTIFICATION, 32)
      .storeUint(0, 64)
      .storeCoins(11_000_000n)
      .storeAddress(beginCell().storeUint(4, 3).storeInt(0, 8).storeBuffer(Buffer.alloc(32, 7)).endCell().beginParse().loadAddress())
      .storeMaybeRef(comment('topup-3'))
      .endCell();
    expect(incomingTransfer(tx({ source: JETTON_WALLET, value: '1', bounce: true, aborted: true, body: body.toBoc().toString('base64') }))).toMatchObject({
      jettonWallet: JETTON_WALLET,
      amount: 11_000_000n,
      comment: 'topup-3',
    });
  });

  it('not a payment: a bounce back to us, a failed bounceable transfer (its value went back), our own external message, another operation', () => {
    expect(incomingTransfer(tx({ bounced: true }))).toBeNull();
    expect(incomingTransfer(tx({ bounce: true, aborted: true }))).toBeNull();
    // Non-bounceable: the value stays with us even when the transaction fails.
    expect(incomingTransfer(tx({ bounce: false, aborted: true }))).toMatchObject({ amount: 1_500_000_000n });
    expect(incomingTransfer(tx({ source: null }))).toBeNull();
    const excesses = beginCell().storeUint(0xd53276db, 32).storeUint(0, 64).endCell();
    expect(incomingTransfer(tx({ body: excesses.toBoc().toString('base64') }))).toBeNull();
  });
});
