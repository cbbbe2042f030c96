import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, SigningKey } from 'ethers';
import { addressOfPublicKey, wordOf } from './address';
import { nowBlock, type TronTransactionInfo } from './api';
import { addressOfName, TronDouble } from './double';
import { TronHttpClient } from './http';
import { referenceOf, signTransaction, type TronCall, type TronRaw } from './transaction';

/** The double takes signed transactions as a node does: it checks them, applies them, and burns what they cost. */

const KEY = new SigningKey(`0x${'22'.repeat(32)}`);
const OWNER = addressOfPublicKey(getBytes(SigningKey.computePublicKey(KEY.publicKey, false)));
const OTHER_KEY = new SigningKey(`0x${'33'.repeat(32)}`);
const USDT = addressOfName('USDT');
const TO = addressOfName('someone');

let double: TronDouble;
let client: TronHttpClient;

beforeAll(async () => {
  double = new TronDouble({
    chainId: 1,
    blockMs: 0,
    faucet: addressOfName('faucet'),
    tokens: [{ symbol: 'USDT', name: 'Tether USD', decimals: 6, address: USDT }],
  });
  client = new TronHttpClient([await double.start()]);
  double.transfer({ to: OWNER, amount: 100_000_000n });
  double.transfer({ to: OWNER, amount: 5_000_000n, contract: USDT });
});
afterAll(() => double.stop());

async function raw(call: TronCall, o: Partial<TronRaw> = {}): Promise<TronRaw> {
  return { call, ...referenceOf(await nowBlock(client)), expiration: Date.now() + 60_000, timestamp: Date.now(), feeLimit: 0n, ...o };
}
const send = (hex: string) => client.post<{ result?: boolean; code?: string }>('/wallet/broadcasthex', { transaction: hex });
const info = (txID: string) => client.post<TronTransactionInfo>('/wallet/gettransactioninfobyid', { value: txID });
const trx = (amount: bigint): TronCall => ({ type: 'TransferContract', owner: OWNER, to: TO, amount });
const usdt = (amount: bigint): TronCall => ({
  type: 'TriggerSmartContract',
  owner: OWNER,
  contract: USDT,
  data: `a9059cbb${wordOf(TO)}${amount.toString(16).padStart(64, '0')}`,
});

describe('the Tron double takes signed transactions', () => {
  it('refuses one not signed by its owner, an expired one, one made on another chain', async () => {
    expect(await send(signTransaction(await raw(trx(1n)), OTHER_KEY).hex)).toMatchObject({ code: 'SIGERROR' });
    expect(await send(signTransaction(await raw(trx(1n), { expiration: Date.now() - 1 }), KEY).hex)).toMatchObject({ code: 'TRANSACTION_EXPIRATION_ERROR' });
    expect(await send(signTransaction(await raw(trx(1n), { refBlockHash: 'ff'.repeat(8) }), KEY).hex)).toMatchObject({ code: 'TAPOS_ERROR' });
  });

  it('applies a TRX transfer once; creating the recipient account burns 1.1 TRX', async () => {
    const signed = signTransaction(await raw(trx(1_000_000n)), KEY);
    expect(await send(signed.hex)).toEqual({ result: true, txid: signed.txID });
    expect(await send(signed.hex)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR' });
    expect(await info(signed.txID)).toMatchObject({ id: signed.txID, fee: 1_100_000 });
    expect(await client.post('/wallet/getaccount', { address: OWNER, visible: true })).toMatchObject({ balance: 100_000_000 - 1_000_000 - 1_100_000 });
  });

  it('a USDT transfer burns its energy at 100 sun; past its fee limit it fails OUT_OF_ENERGY, burning the limit', async () => {
    const ok = signTransaction(await raw(usdt(1_000_000n), { feeLimit: 20_000_000n }), KEY);
    await send(ok.hex);
    // The recipient held no USDT: 130,285 energy; the 345 bytes on the free bandwidth.
    expect(await info(ok.txID)).toMatchObject({ fee: 13_028_500, receipt: { result: 'SUCCESS', energy_fee: 13_028_500 } });
    // Now it holds some: 64,285 energy, 6.4285 TRX, over a 1 TRX limit; the free bandwidth left (255 bytes) is short: 0.345 TRX burnt.
    const capped = signTransaction(await raw(usdt(1_000_000n), { feeLimit: 1_000_000n }), KEY);
    await send(capped.hex);
    expect(await info(capped.txID)).toMatchObject({
      result: 'FAILED',
      fee: 1_345_000,
      receipt: { result: 'OUT_OF_ENERGY', energy_fee: 1_000_000, net_fee: 345_000 },
    });
    expect(await client.post('/wallet/getaccount', { address: OWNER, visible: true })).toMatchObject({ balance: 97_900_000 - 13_028_500 - 1_345_000 });
    const held = await client.post<{ constant_result: string[] }>('/wallet/triggerconstantcontract', {
      owner_address: OWNER,
      contract_address: USDT,
      function_selector: 'balanceOf(address)',
      parameter: wordOf(OWNER),
      visible: true,
    });
    expect(BigInt(`0x${held.constant_result[0]}`)).toBe(4_000_000n);
  });
});
