import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOfName, TronDouble } from './double';
import { TronHttpClient } from './http';
import { sweepCosts } from './sweep-cost';
import { planTronSweep } from './sweep-plan';

const USDT = addressOfName('USDT');
const FAUCET = addressOfName('faucet');
const TREASURY = addressOfName('treasury');
const deposits = Array.from({ length: 10 }, (_, i) => addressOfName(`deposit-${i}`));

describe('the cost of sweeping Tron deposit addresses (on the Tron double)', () => {
  let double: TronDouble;
  let client: TronHttpClient;

  beforeAll(async () => {
    double = new TronDouble({ chainId: 1, blockMs: 0, faucet: FAUCET, tokens: [{ symbol: 'USDT', name: 'Tether USD', decimals: 6, address: USDT }] });
    client = new TronHttpClient([await double.start()]);
    double.transfer({ to: TREASURY, amount: 1n, contract: USDT });
    // Ten paid orders: USDT on each address; one was also sent TRX, one had energy delegated to it.
    deposits.forEach((address, i) => double.transfer({ to: address, amount: BigInt(10 + i) * 1_000_000n, contract: USDT }));
    double.transfer({ to: deposits[8]!, amount: 2_000_000n });
    double.delegateEnergy(deposits[9]!, 65_000);
  });
  afterAll(() => double.stop());

  it('lists every address with the energy its USDT transfer needs and the TRX that burns, and the total', async () => {
    const plan = await sweepCosts(client, { addresses: deposits, token: { coin: 'USDT-TRON', contract: USDT }, treasury: TREASURY });
    expect(plan.addresses).toHaveLength(10);
    // A fresh address: 64,285 energy (the treasury holds USDT) × 100 sun burnt (its bandwidth is free once the TRX sent activates it), and the activation.
    expect(plan.addresses[0]).toMatchObject({ token: { coin: 'USDT-TRON', amount: 10_000_000n }, activated: false, energyNeeded: 64_285, energyAvailable: 0 });
    expect(plan.addresses[0]).toMatchObject({ burnSun: 6_428_500n, activationSun: 1_100_000n, fundSun: 6_428_500n, costSun: 7_528_500n });
    // Activated by its TRX: free bandwidth, no creation fee; its 2 TRX pay part of its burn.
    expect(plan.addresses[8]).toMatchObject({ activated: true, bytesAvailable: 600, burnSun: 6_428_500n, activationSun: 0n, fundSun: 4_428_500n });
    // Delegated energy covers the transfer: only the activation remains.
    expect(plan.addresses[9]).toMatchObject({ energyAvailable: 65_000, burnSun: 0n, fundSun: 1n, costSun: 1_100_000n });
    expect(plan.totalSun).toBe(plan.addresses.reduce((s, a) => s + a.costSun, 0n));
    expect(plan.totalSun).toBe(8n * 7_528_500n + 6_428_500n + 1_100_000n);
  });

  it('counts the larger energy of a first transfer to a treasury that holds no USDT yet', async () => {
    const plan = await sweepCosts(client, {
      addresses: deposits.slice(0, 1),
      token: { coin: 'USDT-TRON', contract: USDT },
      treasury: addressOfName('new-treasury'),
    });
    expect(plan.addresses[0]!.energyNeeded).toBe(130_285);
  });
});

describe('the Tron sweep plan', () => {
  it('for ten paid orders lists each address with its energy cost, the funding, the USDT transfers and the total', async () => {
    const double = new TronDouble({ chainId: 1, blockMs: 0, faucet: FAUCET, tokens: [{ symbol: 'USDT', name: 'Tether USD', decimals: 6, address: USDT }] });
    const client = new TronHttpClient([await double.start()]);
    try {
      double.transfer({ to: TREASURY, amount: 1n, contract: USDT });
      deposits.forEach((address) => double.transfer({ to: address, amount: 10_000_000n, contract: USDT }));
      const addresses = deposits.map((address, i) => ({ address, derivationIndex: i, orderId: 100 + i, sweepable: true }));
      const plan = await planTronSweep(
        client,
        { network: 'tron', nativeCoin: 'TRX', tokens: [{ symbol: 'USDT-TRON', contract: USDT, decimals: 6 }], addresses },
        FAUCET,
        TREASURY,
      );
      expect(plan.costs).toHaveLength(10);
      expect(plan.costs.every((c) => c.energyNeeded === 64_285 && c.burnSun === 6_428_500n && c.activationSun === 1_100_000n)).toBe(true);
      expect(plan.transfers.filter((t) => t.kind === 'gas')).toHaveLength(10);
      expect(plan.transfers.filter((t) => t.kind === 'token').map((t) => [t.coin, t.amount, t.limit])).toEqual(
        Array(10).fill(['USDT-TRON', 10_000_000n, 64_285n]),
      );
      // Per address: 6.4285 TRX burnt + 1.1 TRX activation + 0.267 TRX for the signer's funding transfer.
      expect(plan.totalFee).toBe(10n * (6_428_500n + 1_100_000n + 267_000n));
      // Each address's line: its energy, the TRX burnt, the activation, and all its sweep costs (with the signer's funding transfer).
      expect(plan.notes![0]).toBe(`${deposits[0]}: 10 USDT-TRON; energy 64285 needed, 0 delegated; burns 6.4285 TRX; activation 1.1 TRX; costs 7.7955 TRX`);
      expect(plan.notes!.at(-1)).toBe('tron: 10 address(es), total 77.955 TRX');
    } finally {
      await double.stop();
    }
  });
});
