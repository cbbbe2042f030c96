import { HDNodeWallet, type HDNodeVoidWallet } from 'ethers';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Depth of m/44'/60'/0'/0, the level whose extended public key we hold. */
const ACCOUNT_CHAIN_DEPTH = 4;

/**
 * Deposit addresses m/44'/60'/0'/0/i from an extended public key: the server never holds a private
 * key. Indices come from a database sequence, so every process hands out different ones; they are
 * reserved in batches and derived ahead of need, so an order does not wait for the elliptic-curve work.
 * An index reserved but never used (a process stopped) is simply skipped: the address stays unused.
 */
export class DepositAddressAllocator {
  private readonly node: HDNodeVoidWallet;
  private ready: { index: number; address: string }[] = [];
  private refilling: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    xpub: string,
    private readonly batchSize = 50,
  ) {
    const node = HDNodeWallet.fromExtendedKey(xpub);
    if ('privateKey' in node) throw new Error('DEPOSIT_XPUB must be an extended PUBLIC key; never give the server a private key');
    if (node.depth !== ACCOUNT_CHAIN_DEPTH) throw new Error(`DEPOSIT_XPUB must be the key of m/44'/60'/0'/0 (depth 4), got depth ${node.depth}`);
    this.node = node;
  }

  derive(index: number): string {
    return this.node.deriveChild(index).address;
  }

  async next(): Promise<{ index: number; address: string }> {
    for (;;) {
      const item = this.ready.shift();
      if (item) {
        if (this.ready.length < this.batchSize / 2) void this.refill().catch(() => undefined);
        return item;
      }
      await this.refill();
    }
  }

  private refill(): Promise<void> {
    this.refilling ??= (async () => {
      const result = await this.db.execute(sql`select nextval('deposit_index_seq') as i from generate_series(1, ${this.batchSize})`);
      const indices = (result as unknown as { rows: { i: string | number }[] }).rows.map((r) => Number(r.i));
      for (const index of indices) {
        this.ready.push({ index, address: this.derive(index) });
        // Yield between derivations so requests keep flowing while a batch is prepared.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => (this.refilling = undefined));
    return this.refilling;
  }
}
