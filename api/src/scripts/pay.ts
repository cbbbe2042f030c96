/**
 * Pays an order from a funded devnet account, as a customer's wallet would:
 *
 *   npm run pay -- <orderId> [--amount <decimal>] [--coin <SYMBOL>] [--api <url>] [--account <n>]
 *
 * By default it sends the order's exact amount in the order's coin to the order's deposit address.
 * --amount pays another amount (under- and over-payments); --coin pays in another supported coin to
 * the same address. RPC URLs and devnet token contracts come from the same configuration as the API.
 */
import { parseArgs } from 'node:util';
import { COINS, COIN_SYMBOLS, ZPaymentStatus, formatUnits, parseUnits, type TCoinSymbol, type TNetwork, type TPaymentStatus } from '@topup/shared';
import { loadConfig, type Config } from '../config';
import { DEFAULT_PAYER_INDEX, payFromDevnet } from '../chain/devnet';

class UsageError extends Error {}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { amount: { type: 'string' }, coin: { type: 'string' }, api: { type: 'string' }, account: { type: 'string' } },
  });
  const [orderId, ...extra] = positionals;
  if (!orderId || extra.length || !/^\d+$/.test(orderId)) {
    throw new UsageError('usage: npm run pay -- <orderId> [--amount <decimal>] [--coin <SYMBOL>] [--api <url>] [--account <n>]');
  }
  const config = loadConfig();
  // The payer's keys are the public Hardhat test keys: anywhere but the devnet they would be a gift to anyone.
  if (!config.devnet) throw new UsageError('pay sends from the devnet\'s public test accounts; it runs only with the devnet (DEVNET=true)');
  if (values.account !== undefined && !/^[1-9]$/.test(values.account)) throw new UsageError(`--account must be a funded devnet account, 1..9`);
  const accountIndex = values.account === undefined ? DEFAULT_PAYER_INDEX : Number(values.account);
  const api = (values.api ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');

  const order = await fetchPaymentStatus(api, orderId);
  const coin = chooseCoin(values.coin, order);
  const units = chooseUnits(values.amount, coin, order);
  const { network } = COINS[coin];
  const tokenContract = coin === order.cryptocurrency ? order.tokenContract : (config.networks[network].tokens[coin] ?? null);
  const sent = await payFromDevnet({
    rpcUrl: config.networks[network].rpcUrl,
    chainId: rpcChainIdFor(config, coin, order),
    to: order.walletAddress,
    coin,
    tokenContract,
    units,
    accountIndex,
  });
  console.log(
    `Paid order ${orderId}: ${formatUnits(units, COINS[coin].decimals)} ${coin} (${units} base units) on ${network}\n` +
      `  from ${sent.from} (devnet account #${accountIndex}) to ${order.walletAddress}\n` +
      `  tx ${sent.txHash} in block ${sent.blockNumber}`,
  );
}

/** The payment status of an order paid in crypto: its payment fields are all present. */
type CryptoPaymentStatus = TPaymentStatus & {
  cryptocurrency: TCoinSymbol;
  walletAddress: string;
  network: TNetwork;
  chainId: number;
  cryptoAmountBaseUnits: string;
};

async function fetchPaymentStatus(api: string, orderId: string): Promise<CryptoPaymentStatus> {
  const url = `${api}/api/payment-status/${orderId}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new UsageError(`cannot reach the API at ${api} (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}); is it running (npm start)?`);
  }
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (response.status === 404) throw new UsageError(`order ${orderId} not found at ${api}`);
  if (!response.ok) throw new UsageError(`the API answered ${response.status} for order ${orderId}: ${body?.message ?? 'no message'}`);
  const parsed = ZPaymentStatus.safeParse(body);
  if (!parsed.success) throw new UsageError(`the API's payment status for order ${orderId} is not what this command understands: ${parsed.error.message}`);
  if (parsed.data.paymentMethod !== 'crypto') throw new UsageError(`order ${orderId} was paid from a balance: there is nothing to pay on chain`);
  return parsed.data as CryptoPaymentStatus;
}

function chooseCoin(requested: string | undefined, order: CryptoPaymentStatus): TCoinSymbol {
  if (requested === undefined) return order.cryptocurrency;
  const symbol = requested.toUpperCase();
  if (!(COIN_SYMBOLS as readonly string[]).includes(symbol)) throw new UsageError(`unknown coin ${requested}; one of ${COIN_SYMBOLS.join(', ')}`);
  return symbol as TCoinSymbol;
}

/**
 * The order's own amount, or --amount read in the paid coin. Paying one stablecoin for another
 * keeps the same dollar value; any other change of coin needs an explicit --amount (no price feed here).
 */
function chooseUnits(amount: string | undefined, coin: TCoinSymbol, order: CryptoPaymentStatus): bigint {
  const { decimals } = COINS[coin];
  if (amount !== undefined) {
    const units = parseUnits(amount, decimals);
    if (units === null || units <= 0n) throw new UsageError(`--amount ${amount} is not a positive ${coin} amount with at most ${decimals} decimals`);
    return units;
  }
  const ordered = BigInt(order.cryptoAmountBaseUnits);
  if (coin === order.cryptocurrency) return ordered;
  const from = COINS[order.cryptocurrency];
  if (!(from.stable && COINS[coin].stable)) throw new UsageError(`paying a ${order.cryptocurrency} order in ${coin} needs --amount`);
  const scale = 10n ** BigInt(Math.abs(decimals - from.decimals));
  // Rounded up when the coin has fewer decimals: never an underpayment by dust.
  return decimals >= from.decimals ? ordered * scale : (ordered + scale - 1n) / scale;
}

/** The order says which chain its own coin is on; another coin's chain comes from the configuration. */
function rpcChainIdFor(config: Config, coin: TCoinSymbol, order: CryptoPaymentStatus): number {
  return COINS[coin].network === order.network ? order.chainId : config.networks[COINS[coin].network].chainId;
}

main().catch((err: unknown) => {
  console.error(err instanceof UsageError ? err.message : `pay failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
