import crypto from 'node:crypto';
import { getAddress, HDNodeWallet, keccak256 } from 'ethers';
import * as secp256k1 from 'tiny-secp256k1';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The level whose extended public key we hold; deposit address i is its child i. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";
/** Depth of m/44'/60'/0'/0, the level whose extended public key we hold. */
const ACCOUNT_CHAIN_DEPTH = 4;

/**
 * Public child derivation (BIP-32 CKDpub) of m/44'/60'/0'/0/i from an extended public key: the server
 * never holds a private key. ethers parses the key; the point arithmetic runs in libsecp256k1 (WASM),
 * about four times faster than ethers' own deriveChild, which matters on the order-creation path.
 * The test checks every address against ethers.
 */
export class DepositKey {
  private readonly publicKey: Buffer;
  private readonly chainCode: Buffer;

  constructor(xpub: string) {
    const node = HDNodeWallet.fromExtendedKey(xpub);
    if ('privateKey' in node) throw new Error('DEPOSIT_XPUB must be an extended PUBLIC key; never give the server a private key');
    if (node.depth !== ACCOUNT_CHAIN_DEPTH) throw new Error(`DEPOSIT_XPUB must be the key of m/44'/60'/0'/0 (depth 4), got depth ${node.depth}`);
    this.publicKey = Buffer.from(node.publicKey.slice(2), 'hex');
    this.chainCode = Buffer.from(node.chainCode.slice(2), 'hex');
  }

  address(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError(`not a non-hardened index: ${index}`);
    const data = Buffer.alloc(37);
    this.publicKey.copy(data);
    data.writeUInt32BE(index, 33);
    const i = crypto.createHmac('sha512', this.chainCode).update(data).digest();
    // Null for the ~2^-127 chance that the tweak is out of range; BIP-32 then skips the index.
    const child = secp256k1.pointAddScalar(this.publicKey, i.subarray(0, 32), false);
    if (!child) throw new Error(`index ${index} has no valid child key; skip it`);
    return getAddress(`0x${keccak256(child.subarray(1)).slice(-40)}`);
  }
}

/**
 * Deposit addresses, one per order. Indices come from a database sequence, so every process hands out
 * different ones; they are reserved in batches and derived ahead of need. An index reserved but never
 * used (a process stopped) is simply skipped: its address stays empty and unwatched.
 */
export class DepositAddressAllocator {
  private ready: { index: number; address: string }[] = [];
  private refilling: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    /** The chain family's derivation (ChainAdapter.depositAddress). */
    private readonly derive: (index: number) => string,
    private readonly batchSize = 50,
  ) {}

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
      for (const [i, index] of indices.entries()) {
        this.ready.push({ index, address: this.derive(index) });
        // A batch takes ~10 ms of CPU: let waiting requests through every few addresses.
        if (i % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => (this.refilling = undefined));
    return this.refilling;
  }
}
