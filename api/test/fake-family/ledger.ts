import crypto from 'node:crypto';

/** One transfer of a transaction on the fake chain. */
export interface FakeTransfer {
  from: string;
  to: string;
  /** The comment the transfer carries (null: none). */
  memo: string | null;
  coin: string;
  amount: bigint;
}

export interface FakeBlock {
  number: number;
  hash: string;
  parentHash: string;
  time: Date;
  txs: { hash: string; transfers: FakeTransfer[] }[];
}

/**
 * The test family's chain, in memory: a local double named as such, standing in for a node the way a
 * TON or Tron node would answer. Transfers sent wait for the next block; blocks are made on demand.
 */
export class FakeLedger {
  readonly blocks: FakeBlock[] = [{ number: 0, hash: hash('genesis'), parentHash: hash('none'), time: new Date(), txs: [] }];
  private pending: { hash: string; transfers: FakeTransfer[] }[] = [];
  /** While set, every call to the node fails (a node that is down). */
  down = false;

  get head(): number {
    return this.blocks.length - 1;
  }

  /** Sends one transaction of one or more transfers; returns its hash. */
  send(...transfers: FakeTransfer[]): string {
    const tx = { hash: hash(`tx-${crypto.randomUUID()}`), transfers };
    this.pending.push(tx);
    return tx.hash;
  }

  /** Makes `n` blocks, the first with every transaction sent since the last. */
  mine(n = 1): void {
    for (let i = 0; i < n; i++) {
      const parent = this.blocks[this.blocks.length - 1]!;
      const number = parent.number + 1;
      this.blocks.push({ number, hash: hash(`block-${number}-${crypto.randomUUID()}`), parentHash: parent.hash, time: new Date(), txs: this.pending });
      this.pending = [];
    }
  }
}

function hash(seed: string): string {
  return crypto.createHash('sha256').update(seed).digest('hex');
}
