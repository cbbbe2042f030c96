import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CHAINS } from '@topup/shared';
import type { Chains } from '../chain/chains';
import type { TransferFees } from '../chain/port';
import { FEE_MAX_AGE_MS, FEE_REFRESH_MS, NetworkFees } from './network-fees';
import type { PricingService } from './pricing';

const E8 = 100_000_000n;
const GWEI = 1_000_000_000n;

/** A node whose fee answers the test controls: each call waits until the test lets it answer. */
function fakeNetwork() {
  const calls: ((fees: TransferFees | Error) => void)[] = [];
  const chains = {
    registry: CHAINS,
    networks: { polygon: { network: 'polygon', enabled: true }, base: { network: 'base', enabled: false } },
    adapter: () => ({
      transferFees: () => new Promise<TransferFees>((resolve, reject) => calls.push((fees) => (fees instanceof Error ? reject(fees) : resolve(fees)))),
    }),
  } as unknown as Chains;
  return { chains, calls };
}

function setup(price: () => bigint = () => E8 / 2n) {
  let now = 1_000_000;
  const node = fakeNetwork();
  const pricing = { usdE8: async () => price() } as unknown as PricingService;
  const fees = new NetworkFees({ chains: node.chains, pricing, log: pino({ level: 'silent' }), now: () => now });
  return { fees, node, advance: (ms: number) => (now += ms) };
}

describe('network fees', () => {
  it('never waits: the first answer is unknown and starts the estimate in the background', async () => {
    const { fees, node } = setup();
    expect(fees.current('polygon')).toBeNull();
    expect(node.calls).toHaveLength(1);
    // POL at $0.50: 21,000 and 65,000 gas at 30 gwei.
    node.calls[0]!({ native: 21_000n * 30n * GWEI, token: 65_000n * 30n * GWEI });
    await fees.settled();
    expect(fees.current('polygon')).toEqual({ nativeUsdE8: 31_500n, tokenUsdE8: 97_500n, estimatedAt: new Date(1_000_000) });
  });

  it('asks a network at most once a minute, and not again while an estimate is under way', async () => {
    const { fees, node, advance } = setup();
    fees.current('polygon');
    fees.current('polygon');
    expect(node.calls).toHaveLength(1);
    node.calls[0]!({ native: 1n, token: 2n });
    await fees.settled();
    advance(FEE_REFRESH_MS - 1);
    fees.current('polygon');
    expect(node.calls).toHaveLength(1);
    advance(1);
    fees.current('polygon');
    expect(node.calls).toHaveLength(2);
  });

  it('keeps the last estimate while the node is down, and forgets it once too old', async () => {
    const { fees, node, advance } = setup();
    fees.current('polygon');
    node.calls[0]!({ native: 21_000n * GWEI, token: 65_000n * GWEI });
    await fees.settled();
    advance(FEE_REFRESH_MS);
    expect(fees.current('polygon')).not.toBeNull();
    node.calls[1]!(new Error('node unreachable'));
    await fees.settled();
    expect(fees.current('polygon')?.estimatedAt).toEqual(new Date(1_000_000));
    advance(FEE_MAX_AGE_MS);
    expect(fees.current('polygon')).toBeNull();
  });

  it('is unknown, not an error, when the network coin has no price', async () => {
    const { fees, node } = setup(() => {
      throw new Error('PRICE_UNAVAILABLE');
    });
    fees.current('polygon');
    node.calls[0]!({ native: 1n, token: 1n });
    await fees.settled();
    expect(fees.current('polygon')).toBeNull();
  });

  it('warms the enabled networks only', () => {
    const { fees, node } = setup();
    fees.warm();
    expect(node.calls).toHaveLength(1);
  });
});
