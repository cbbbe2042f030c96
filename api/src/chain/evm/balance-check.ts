import type { Db } from '../../db/client';
import type { NetworkConfig } from '../../config';
import * as scan from '../../services/chain-scan';
import type { ObservedPayment } from '../../services/payments';
import { seenIn } from './payments';
import { hex, type JsonRpcClient, type RpcBlock } from './json-rpc';

/** How long before an order's window ends, and before its watch ends, its balance is looked at. */
const BALANCE_CHECK_LEAD_MS = 30_000;
/** Most addresses asked in one batched request. */
const BALANCE_BATCH = 100;

/**
 * Native coins sent by a contract (an exchange's withdrawal, a smart-contract wallet) arrive through
 * an internal call: no transaction is addressed to the deposit address, so scanning blocks never sees
 * them, and tracing every block would cost far more than the watcher's few calls a block. Instead
 * each order's address has its native balance read twice, in one batched eth_getBalance with the
 * other orders due: shortly before its window ends and shortly before its watch ends. What the
 * balance holds beyond the native payments recorded for it is recorded as one more payment, seen in
 * the block the balance was read at, and settles like any other. Read at the last scanned block, the
 * balance and the recorded payments describe the same chain; deposit addresses never send, so the
 * difference is exactly what came unseen.
 *
 * What no watcher of ours can see: tokens sent to the token contract itself (or to any address but
 * the deposit address) are not the customer's to claim back through us; the payment screens say
 * "send to this address, from a wallet".
 */
export class BalanceChecker {
  constructor(private readonly deps: { network: NetworkConfig; nativeCoin: string; db: Db; rpc: JsonRpcClient; now?: () => number }) {}

  /**
   * The payments found in the balances of the orders due for a check, read at `block`, the last block
   * of the pass that observed `observed` (not written yet).
   */
  async check(block: RpcBlock, observed: ObservedPayment[]): Promise<{ found: ObservedPayment[]; checked: scan.BalanceCheckDone[] }> {
    const { network, chainId } = this.deps.network;
    const blockNumber = Number(block.number);
    const due = await scan.dueBalanceChecks(this.deps.db, network, new Date((this.deps.now?.() ?? Date.now()) + BALANCE_CHECK_LEAD_MS), BALANCE_BATCH);
    if (due.length === 0) return { found: [], checked: [] };
    const balances = await this.deps.rpc.batch<string>(due.map((d) => ({ method: 'eth_getBalance', params: [d.address, hex(blockNumber)] })));
    const recorded = await scan.recordedNativeUnits(
      this.deps.db,
      network,
      this.deps.nativeCoin,
      due.map((d) => d.orderId),
      blockNumber,
    );
    const found: ObservedPayment[] = [];
    for (const [i, d] of due.entries()) {
      const inPass = observed.filter((p) => p.orderId === d.orderId && p.coin === this.deps.nativeCoin).reduce((sum, p) => sum + p.amount, 0n);
      const unseen = BigInt(balances[i]!) - (recorded.get(d.orderId) ?? 0n) - inPass;
      if (unseen <= 0n) continue;
      found.push({
        ...seenIn({ network, chainId, nativeCoin: this.deps.nativeCoin }, block, d.orderId),
        // No transaction names this transfer: the key says where and when the balance showed it.
        txHash: `balance:${d.address.toLowerCase()}@${blockNumber}`,
        logIndex: -2,
        from: null,
        to: d.address,
        coin: this.deps.nativeCoin,
        amount: unseen,
      });
    }
    return { found, checked: due.map((d) => ({ orderId: d.orderId, stage: d.stage })) };
  }
}
