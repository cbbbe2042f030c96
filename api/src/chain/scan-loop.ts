import type { SessionLock } from '../db/client';
import * as scan from '../services/chain-scan';
import type { NetworkWatcher, WatcherOptions } from './port';

/** The advisory lock key of a network's watcher: one process scans a network at a time. */
function lockKey(network: string): number {
  // A stable small hash of the name: the registry may add networks, and a key must never change.
  let h = 0;
  for (const ch of network) h = (h * 31 + ch.charCodeAt(0)) % 100_000;
  return 727_100_000 + h;
}

/**
 * What every family's watcher of one network does the same way: it holds the network's scanning lock
 * (one process scans a network at a time), runs passes until it has caught up, then waits the poll
 * interval; and it settles the orders its passes touched, after their commit. The first pass of a
 * watcher (a restarted process) and the pass after a failed settlement first settle every order a crash
 * may have left between writing a pass and settling it. A family implements `pass()`.
 */
export abstract class ScanLoop implements NetworkWatcher {
  private lock: SessionLock | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  protected stopped = true;
  /** Orders may have been left unsettled (by a crash before this watcher existed, a failed settle, or a payment waiting for a price). */
  private unsettled = true;
  /** The node's chain id was checked since the last failed contact. */
  private chainChecked = false;

  constructor(protected readonly opts: WatcherOptions) {}

  /** One scan pass. Returns true when more blocks are waiting. */
  abstract pass(): Promise<boolean>;

  get scanning(): boolean {
    return this.lock?.held ?? false;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.lock?.release();
    this.lock = null;
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((err) => this.opts.log.warn({ err, network: this.opts.network.network }, 'chain watcher pass failed'))
        .finally(() => this.schedule(this.opts.pollMs ?? this.opts.network.pollMs));
    }, delay);
  }

  private async tick(): Promise<void> {
    if (this.lock && !this.lock.held) {
      // Our connection died and PostgreSQL released the lock: another process may scan now.
      this.opts.log.warn({ network: this.opts.network.network }, 'lost the scanning lock; trying to take it again');
      this.lock = null;
    }
    this.lock ??= await this.opts.database.tryLock(lockKey(this.opts.network.network));
    if (!this.lock) return;
    // Catch up in passes until the head is reached.
    while (!this.stopped && (await this.pass()));
  }

  /**
   * Settles the orders a pass touched, after its commit. Settling is idempotent. An order with a payment
   * that cannot be valued now (no price) is settled again on the next pass; the others go on.
   */
  protected async settle(orderIds: Iterable<number>): Promise<void> {
    try {
      for (const id of orderIds) if (!(await this.opts.payments.settle(id))) this.unsettled = true;
    } catch (err) {
      // The payments are committed; the next pass settles whatever this one could not.
      this.unsettled = true;
      throw err;
    }
  }

  /**
   * Checks once per contact that the node is on the configured chain; on a mismatch raises an admin
   * alert, and the pass scans nothing. Call first in every pass.
   */
  protected async onConfiguredChain(nodeChainId: () => Promise<number>, host: string): Promise<boolean> {
    if (this.chainChecked) return true;
    const actual = await nodeChainId();
    const { network, chainId } = this.opts.network;
    if (actual !== chainId) {
      await this.opts.alerts.raise(`chain_id_mismatch:${network}`, chainMismatchMessage(network, host, actual, chainId));
      return false;
    }
    this.chainChecked = true;
    return true;
  }

  /** A node could not be reached: it may come back as another node (a failover, a changed URL), so check its chain again. */
  protected contactLost(): void {
    this.chainChecked = false;
  }

  /** The watcher's metrics after a pass: how far the node and the scan are, and what was seen. */
  protected count(head: number, scannedTo: number, observed: { coin: string }[]): void {
    const { metrics } = this.opts;
    if (!metrics) return;
    const network = this.opts.network.network;
    metrics.watcherHead.set({ network }, head);
    metrics.watcherScanned.set({ network }, scannedTo);
    metrics.watcherLag.set({ network }, Math.max(0, head - scannedTo));
    for (const p of observed) metrics.paymentsSeen.inc({ network, coin: p.coin });
  }

  /** Call first in every pass: settles what a crash, a failed settlement or a missing price left. */
  protected async settleLeftovers(): Promise<void> {
    if (!this.unsettled) return;
    this.unsettled = false;
    await this.settle(await scan.ordersToResettle(this.opts.database.db, this.opts.network.network));
  }

  /** After a reorganisation: forget what is above `common` (the newest block held that the chain still has), and settle the orders it touched. */
  protected async rewindTo(common: scan.HeldBlock): Promise<void> {
    const net = this.opts.network.network;
    this.opts.log.warn({ network: net, keptBlock: common.number }, 'chain reorganisation: rescanning');
    const touched = await this.opts.database.db.transaction(async (tx) => {
      await scan.rewindScan(tx, net, common.number);
      return this.opts.payments.removeAbove(tx, net, common.number);
    });
    await this.settle(touched);
  }

  /**
   * Watches again from `from` (the chain's head), forgetting unconfirmed payments: the chain they were
   * on is gone. With a `reason` (the chain holds none of our blocks) only a devnet or a local double may
   * do so; elsewhere the watcher stops for an operator to look.
   */
  protected async restartFrom(from: scan.HeldBlock | { number: number }, reason?: string): Promise<void> {
    const net = this.opts.network.network;
    if (reason) {
      if (!this.opts.devnet) throw new Error(`${net} watcher stopped: ${reason}; an operator must look at it`);
      this.opts.log.warn({ network: net, reason }, 'local chain restarted: watching from its head');
    }
    const touched = await this.opts.database.db.transaction(async (tx) => {
      await scan.restartScan(tx, net, this.opts.network.chainId, from);
      return this.opts.payments.removeAbove(tx, net, -1);
    });
    await this.settle(touched);
  }
}

/** The admin alert when a network's node is on another chain. */
export function chainMismatchMessage(network: string, host: string, actual: number, expected: number): string {
  return `${network} watcher refuses to scan: the node at ${host} is chain ${actual}, the configuration says ${expected}. Payments on ${network} are not seen until this is fixed.`;
}

/** For the operator: a node of a network stopped answering, or answers again. */
export function rpcNodeHealthMessage(network: string, host: string, up: boolean, error?: string): string {
  return up
    ? `${network} RPC node ${host} answers again.`
    : `${network} RPC node ${host} is down (${error ?? 'no answer'}): calls go to the network's other nodes meanwhile, if it has any.`;
}
