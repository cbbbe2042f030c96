/**
 * The memory `npm start` holds (`npm run measure:memory`): starts it on free ports with a fresh data
 * directory (embedded database, devnet), prints every process of its tree with its resident memory
 * after start, then creates ORDERS orders (default 100), pays each from a devnet account, waits until
 * they are delivered, and prints the tree again; then stops it with one SIGTERM. Whatever `npm start`
 * runs (devnet nodes, chain doubles, the bot) is in the tree and counted.
 *
 *   npm run measure:memory            ORDERS=20 npm run measure:memory
 */
import { payFromDevnet } from '../api/src/chain/devnet';
import { formatTree, processTree, startNpmStart, treeRssMb } from './process-tree';

const ORDERS = Number(process.env.ORDERS ?? 100);
/** The goal for the whole tree, after start and after the orders. */
const BUDGET_MB = 600;

interface Status {
  status: string;
  walletAddress: string;
  network: string;
  chainId: number;
  tokenContract: string | null;
  cryptoAmountBaseUnits: string;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const started = await startNpmStart({ ORDER_RATE_LIMIT_PER_MINUTE: String(ORDERS * 10) });
const { state } = started;
const report: string[] = [];
const snapshot = (label: string) => {
  const tree = processTree(started.npm.pid!);
  const text = `${label}\n${formatTree(tree)}`;
  console.log(`${text}\n`);
  report.push(`${label}: ${treeRssMb(tree).toFixed(0)} MB in ${tree.length} processes`);
};
try {
  // Let start-up settle (first scans, caches filled) before the first reading.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  snapshot('after start');

  // Each order's id and its token: only whoever made an order reads its status.
  const ids: { orderId: number; orderToken: string }[] = [];
  const status = async (o: { orderId: number; orderToken: string }) =>
    json<Status>(await fetch(`${state.api}/api/payment-status/${o.orderId}`, { headers: { 'x-order-token': o.orderToken } }));
  for (let i = 0; i < ORDERS; i++) {
    const created = await json<{ orderId: number; orderToken: string }>(
      await fetch(`${state.api}/api/create-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' }),
      }),
    );
    const order = await status(created);
    await payFromDevnet({
      rpcUrl: state.networks[order.network]!.rpcUrl,
      chainId: order.chainId,
      to: order.walletAddress,
      tokenContract: order.tokenContract,
      units: BigInt(order.cryptoAmountBaseUnits),
    });
    ids.push(created);
  }
  const deadline = Date.now() + 300_000;
  let done = 0;
  while (Date.now() < deadline) {
    const statuses = await Promise.all(ids.map(async (o) => (await status(o)).status));
    done = statuses.filter((s) => s === 'completed').length;
    if (done === ids.length) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  snapshot(`after ${ids.length} orders paid (${done} delivered)`);
} finally {
  await started.stop();
}
console.log(report.join('\n'));
console.log(`goal: at most ${BUDGET_MB} MB for the whole tree`);
