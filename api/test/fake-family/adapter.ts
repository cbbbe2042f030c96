import type { WalletLinks } from '@topup/shared';
import type { NetworkConfig } from '../../src/config';
import type {
  ChainAdapter,
  ChainFamily,
  DepositIdentity,
  NetworkHealth,
  NetworkWatcher,
  PaymentRequest,
  TransferFees,
  WatcherOptions,
} from '../../src/chain/port';
import { ScanLoop } from '../../src/chain/scan-loop';
import * as scan from '../../src/services/chain-scan';
import type { ObservedPayment } from '../../src/services/payments';
import type { FakeBlock, FakeLedger } from './ledger';

/**
 * A second chain family that exists only in the tests (as BTCPay Server tests its payment handlers):
 * orders are attributed TON's way, by a per-order memo to one receiving address of the operator (its
 * key setting, FAKE_RECEIVING_ADDRESS), on the in-memory FakeLedger. It is the whole of the family:
 * this folder, plus the line `fake: fakeFamily(ledger)` among the families the test API is given.
 */
export function fakeFamily(ledger: FakeLedger): ChainFamily {
  return {
    id: 'fake',
    keySetting: 'FAKE_RECEIVING_ADDRESS',
    checkAddress: (value) => (/^fake:[a-z0-9]+$/.test(value) ? null : 'must be a fake: address'),
    create: (ctx) => {
      if (!ctx.key) throw new Error('FAKE_RECEIVING_ADDRESS: required for the fake family');
      return new FakeAdapter(ctx.key, ledger);
    },
  };
}

class FakeAdapter implements ChainAdapter {
  readonly family = 'fake';

  constructor(
    private readonly receivingAddress: string,
    private readonly ledger: FakeLedger,
  ) {}

  depositIdentity(_network: NetworkConfig, index: number): DepositIdentity {
    return { address: this.receivingAddress, memo: `order-${index}`, derivationIndex: null };
  }

  walletLinks(p: PaymentRequest): WalletLinks {
    const token = p.tokenContract ? `&jetton=${p.tokenContract}` : '';
    const uri = `fake://transfer/${p.address}?amount=${p.units}&text=${encodeURIComponent(p.memo ?? '')}${token}`;
    return { uri, apps: [{ id: 'fakewallet', name: 'Fake Wallet', url: `https://wallet.fake.example/${encodeURIComponent(uri)}` }] };
  }

  transferFees(): Promise<TransferFees> {
    return Promise.resolve({ native: 1_000n, token: 5_000n });
  }

  watcher(opts: WatcherOptions): NetworkWatcher {
    return new FakeWatcher(opts, this.ledger);
  }

  health(): Promise<NetworkHealth> {
    return Promise.resolve(
      this.ledger.down
        ? { head: null, endpoints: [], error: 'fake node is down' }
        : { head: this.ledger.head, endpoints: [{ endpoint: 'memory', score: 1, resting: false, lastError: null }], error: null },
    );
  }
}

/** Scans the fake chain block by block; a transfer is an order's when its address and memo are the order's. */
class FakeWatcher extends ScanLoop {
  constructor(
    opts: WatcherOptions,
    private readonly ledger: FakeLedger,
  ) {
    super(opts);
  }

  async pass(): Promise<boolean> {
    if (this.ledger.down) throw new Error('fake node is down');
    const { db } = this.opts.database;
    const { network: net, chainId, confirmations } = this.opts.network;
    await this.settleLeftovers();
    const head = this.ledger.head;
    const cursor = await scan.readCursor(db, net);
    if (!cursor) {
      await db.transaction((tx) => scan.restartScan(tx, net, chainId, held(this.ledger.blocks[head]!)));
      return false;
    }
    const blocks = this.ledger.blocks.slice(cursor.lastBlock + 1, head + 1);
    const deposits = await scan.watchedDeposits(db, this.opts.familyNetworks);
    const orders = new Map(deposits.map((d) => [`${d.address}|${d.memo}`, d.orderId]));
    const observed: ObservedPayment[] = [];
    for (const block of blocks) {
      for (const tx of block.txs) {
        for (const [position, t] of tx.transfers.entries()) {
          const orderId = orders.get(`${t.to}|${t.memo}`);
          if (orderId === undefined) continue;
          observed.push({
            orderId,
            network: net,
            chainId,
            txHash: tx.hash,
            logIndex: position,
            blockNumber: block.number,
            blockHash: block.hash,
            blockTime: block.time,
            from: t.from,
            to: t.to,
            coin: t.coin,
            amount: t.amount,
          });
        }
      }
    }
    const touched = new Set(observed.map((p) => p.orderId));
    await db.transaction(async (tx) => {
      await scan.advanceScan(tx, net, blocks.map(held), 64);
      await this.opts.payments.record(tx, observed);
      for (const id of await this.opts.payments.confirm(tx, net, head, head - confirmations + 1)) touched.add(id);
    });
    await this.settle(touched);
    return false;
  }
}

function held(b: FakeBlock): scan.HeldBlock {
  return { number: b.number, hash: b.hash, parentHash: b.parentHash };
}
