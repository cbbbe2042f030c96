import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexOf } from './address';
import { blockNumber, blockRange, chainPrices, nowBlock, solidBlock, transactionInfos } from './api';
import { addressOfName, TronDouble } from './double';
import { TronHttpClient, TronHttpError } from './http';
import { hasContractCalls, tokenPayments, trxPayments } from './transfers';

const USDT = addressOfName('USDT');
const FAKE_USDT = addressOfName('fake-USDT');
const FAUCET = addressOfName('faucet');
const CUSTOMER = addressOfName('customer');
const DEPOSIT = addressOfName('deposit-1');
const OTHER = addressOfName('someone-else');
const ctx = { network: 'tron', chainId: 0xcd8690dc, nativeCoin: 'TRX' };

describe('Tron transfers read through the HTTP API (on the Tron double)', () => {
  let double: TronDouble;
  let client: TronHttpClient;

  beforeAll(async () => {
    double = new TronDouble({
      chainId: ctx.chainId,
      blockMs: 0,
      solidLag: 2,
      faucet: FAUCET,
      tokens: [
        { symbol: 'USDT', name: 'Tether USD', decimals: 6, address: USDT },
        // Another contract that calls itself USDT: only the configured contract pays.
        { symbol: 'USDT', name: 'Tether USD', decimals: 6, address: FAKE_USDT },
      ],
    });
    client = new TronHttpClient([await double.start()]);
    double.transfer({ to: CUSTOMER, amount: 1_000_000_000n, contract: USDT });
    double.transfer({ to: CUSTOMER, amount: 1_000_000_000n, contract: FAKE_USDT });
    double.transfer({ to: CUSTOMER, amount: 1_000_000_000n });
  });
  afterAll(() => double.stop());

  async function observedFrom(first: number) {
    const blocks = await blockRange(client, first, blockNumber(await nowBlock(client)));
    const watched = new Map([[DEPOSIT, 7]]);
    const tokens = new Map([[hexOf(USDT)!.slice(2), 'USDT-TRON']]);
    const observed = trxPayments(ctx, blocks, watched);
    for (const block of blocks.filter(hasContractCalls))
      observed.push(...tokenPayments(ctx, block, await transactionInfos(client, blockNumber(block)), tokens, watched));
    return observed;
  }

  it('sees TRX and USDT sent to a deposit address, directly or by another contract, and nothing else', async () => {
    const first = double.blockNumber + 1;
    const usdt = double.transfer({ from: CUSTOMER, to: DEPOSIT, amount: 12_340_000n, contract: USDT });
    const viaContract = double.transfer({ from: CUSTOMER, to: DEPOSIT, amount: 1_000_000n, contract: USDT, viaContract: true });
    const trx = double.transfer({ from: CUSTOMER, to: DEPOSIT, amount: 5_000_000n });
    double.transfer({ from: CUSTOMER, to: DEPOSIT, amount: 99_000_000n, contract: FAKE_USDT });
    double.transfer({ from: CUSTOMER, to: OTHER, amount: 3_000_000n, contract: USDT });
    const reverted = double.transfer({ from: DEPOSIT, to: OTHER, amount: 10n ** 15n, contract: USDT });
    expect(reverted.ok).toBe(false);

    const observed = await observedFrom(first);
    expect(observed.map((p) => [p.txHash, p.coin, p.amount, p.to, p.from, p.logIndex])).toEqual([
      [trx.txID, 'TRX', 5_000_000n, DEPOSIT, CUSTOMER, -1],
      [usdt.txID, 'USDT-TRON', 12_340_000n, DEPOSIT, CUSTOMER, 0],
      [viaContract.txID, 'USDT-TRON', 1_000_000n, DEPOSIT, CUSTOMER, 0],
    ]);
    expect(observed.every((p) => p.orderId === 7 && p.network === 'tron' && /^[0-9a-f]{64}$/.test(p.blockHash))).toBe(true);
  });

  it('answers blocks in ranges, chained by parent hash, with a solidified block behind the head', async () => {
    const head = await nowBlock(client);
    const blocks = await blockRange(client, 1, blockNumber(head));
    expect(blocks.map(blockNumber)).toEqual(Array.from({ length: blockNumber(head) }, (_, i) => i + 1));
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.block_header.raw_data.parentHash).toBe(blocks[i - 1]!.blockID);
    expect(blockNumber(await solidBlock(client))).toBe(blockNumber(head) - 2);
    expect(await chainPrices(client)).toEqual({ energyFee: 100, transactionFee: 1000, createAccountFee: 1_100_000 });
  });

  it('fails over to the next endpoint when one is down, and says when none answers', async () => {
    const failover = new TronHttpClient(['http://127.0.0.1:9', double.url]);
    expect(blockNumber(await nowBlock(failover))).toBe(double.blockNumber);
    expect(failover.status()[0]).toMatchObject({ resting: true });
    const none = new TronHttpClient(['http://127.0.0.1:9']);
    await expect(nowBlock(none)).rejects.toSatisfy((e) => e instanceof TronHttpError && e.unreachable);
    // A refused request is the caller's error, not a reason to fail over.
    await expect(blockRange(client, 5, 500)).rejects.toSatisfy((e) => e instanceof TronHttpError && !e.unreachable);
  });
});
