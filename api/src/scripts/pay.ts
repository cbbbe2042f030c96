/**
 * Pays an order from a funded devnet account, as a customer's wallet would:
 *
 *   npm run pay -- <orderId> [--amount <decimal>] [--coin <SYMBOL>] [--via-contract] [--comment <text> | --no-comment] [--api <url>] [--account <n>]
 *
 * By default it sends the order's exact amount in the order's coin to the order's deposit address.
 * --amount pays another amount (under- and over-payments); --coin pays in another supported coin to
 * the same address; --via-contract sends a native coin through the devnet's forwarder contract, an
 * internal transfer as an exchange's withdrawal makes it (on a family's own double, such as Tron's, a
 * token transfer made by another contract). An order paid by comment to a shared address (TON) is paid
 * with its comment; --comment pays with another one (an unknown comment), --no-comment with none. The API and its devnet are found in the file
 * the running API wrote (DATA_DIR/devnet.json), whatever ports they took; without it, from the same
 * configuration as the API.
 */
import { parseArgs } from 'node:util';
import { ZPaymentStatus, formatUnits, parseUnits, type TCoin, type TPaymentStatus } from '@topup/shared';
import { loadConfig, type Config } from '../config';
import { DEFAULT_PAYER_INDEX, devnetForwarderAddress, payFromDevnet } from '../chain/devnet';
import { readDevnetState } from '../chain/devnet/state';
import { FAMILIES } from '../chain/families';

class UsageError extends Error {}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      amount: { type: 'string' },
      coin: { type: 'string' },
      api: { type: 'string' },
      account: { type: 'string' },
      'via-contract': { type: 'boolean' },
      comment: { type: 'string' },
      'no-comment': { type: 'boolean' },
    },
  });
  const [orderId, ...extra] = positionals;
  if (!orderId || extra.length || !/^\d+$/.test(orderId)) {
    throw new UsageError(
      'usage: npm run pay -- <orderId> [--amount <decimal>] [--coin <SYMBOL>] [--via-contract] [--comment <text> | --no-comment] [--api <url>] [--account <n>]',
    );
  }
  const config = loadConfig();
  // The payer's keys are the public Hardhat test keys: anywhere but the devnet they would be a gift to anyone.
  if (!config.devnet) throw new UsageError("pay sends from the devnet's public test accounts; it runs only with the devnet (DEVNET=true)");
  if (values.account !== undefined && !/^[1-9]$/.test(values.account)) throw new UsageError(`--account must be a funded devnet account, 1..9`);
  const accountIndex = values.account === undefined ? DEFAULT_PAYER_INDEX : Number(values.account);
  const running = readDevnetState(config.dataDir);
  const api = (values.api ?? running?.api ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');

  const order = await fetchPaymentStatus(api, orderId, config.botApiSecret);
  const coin = chooseCoin(config, values.coin, order);
  const units = chooseUnits(config, values.amount, coin, order);
  const node = running?.networks[coin.network];
  const network = node
    ? { ...config.networks[coin.network]!, rpcUrl: node.rpcUrl, chainId: node.chainId, tokens: node.tokens }
    : config.networks[coin.network]!;
  const viaContract = values['via-contract'] === true;
  const tokenContract = coin.symbol === order.cryptocurrency ? order.tokenContract : (network.tokens[coin.symbol] ?? null);
  const double = FAMILIES[config.registry.network(coin.network)!.family]?.double;
  if (double) {
    // A family's own double: its transfer call, as a customer's wallet would pay; --via-contract: a token transfer made by another contract.
    if (viaContract && coin.kind !== 'token')
      throw new UsageError(`--via-contract on ${coin.network} sends a token through another contract; ${coin.symbol} is its native coin`);
    const memo = values['no-comment'] ? null : (values.comment ?? order.memo ?? null);
    const sent = await double.pay(network.rpcUrl, { to: order.walletAddress, tokenContract, units, memo, viaContract });
    console.log(
      `Paid order ${orderId}: ${formatUnits(units, coin.decimals)} ${coin.symbol} (${units} base units) on ${coin.network}'s double${viaContract ? ' through another contract' : ''}\n` +
        `  from ${sent.from} to ${order.walletAddress}${memo ? ` with the comment "${memo}"` : ''}\n  tx ${sent.txHash} in block ${sent.blockNumber}`,
    );
    return;
  }
  if (viaContract && coin.kind !== 'native') throw new UsageError(`--via-contract sends a native coin; ${coin.symbol} is a token`);
  const sent = await payFromDevnet({
    rpcUrl: network.rpcUrl,
    chainId: coin.network === order.network ? order.chainId : network.chainId,
    to: order.walletAddress,
    tokenContract,
    units,
    accountIndex,
    forwarder: viaContract ? (node?.forwarder ?? devnetForwarderAddress(config.registry, coin.network)) : undefined,
  });
  console.log(
    `Paid order ${orderId}: ${formatUnits(units, coin.decimals)} ${coin.symbol} (${units} base units) on ${coin.network}${viaContract ? ' through the forwarder contract (an internal transfer)' : ''}\n` +
      `  from ${sent.from} (devnet account #${accountIndex}) to ${order.walletAddress}\n` +
      `  tx ${sent.txHash} in block ${sent.blockNumber}`,
  );
}

/** The payment status of an order paid in crypto: its payment fields are all present. */
type CryptoPaymentStatus = TPaymentStatus & {
  cryptocurrency: string;
  walletAddress: string;
  network: string;
  chainId: number;
  cryptoAmountBaseUnits: string;
};

/** The status by order number answers only the order's owner, or the service credential this tool shares with the API's configuration. */
async function fetchPaymentStatus(api: string, orderId: string, serviceToken: string): Promise<CryptoPaymentStatus> {
  const url = `${api}/api/payment-status/${orderId}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'x-service-token': serviceToken }, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new UsageError(
      `cannot reach the API at ${api} (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}); is it running (npm start)?`,
    );
  }
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (response.status === 404) throw new UsageError(`order ${orderId} not found at ${api}`);
  if (!response.ok) throw new UsageError(`the API answered ${response.status} for order ${orderId}: ${body?.message ?? 'no message'}`);
  const parsed = ZPaymentStatus.safeParse(body);
  if (!parsed.success) throw new UsageError(`the API's payment status for order ${orderId} is not what this command understands: ${parsed.error.message}`);
  if (parsed.data.paymentMethod !== 'crypto') throw new UsageError(`order ${orderId} was paid from a balance: there is nothing to pay on chain`);
  return parsed.data as CryptoPaymentStatus;
}

function chooseCoin(config: Config, requested: string | undefined, order: CryptoPaymentStatus): TCoin {
  const symbol = requested?.toUpperCase() ?? order.cryptocurrency;
  const coin = config.registry.coin(symbol);
  if (!coin) throw new UsageError(`unknown coin ${requested}; one of ${config.registry.coins.map((c) => c.symbol).join(', ')}`);
  return coin;
}

/**
 * The order's own amount, or --amount read in the paid coin. Paying one stablecoin for another
 * keeps the same dollar value; any other change of coin needs an explicit --amount (no price feed here).
 */
function chooseUnits(config: Config, amount: string | undefined, coin: TCoin, order: CryptoPaymentStatus): bigint {
  const { decimals } = coin;
  if (amount !== undefined) {
    const units = parseUnits(amount, decimals);
    if (units === null || units <= 0n) throw new UsageError(`--amount ${amount} is not a positive ${coin.symbol} amount with at most ${decimals} decimals`);
    return units;
  }
  const ordered = BigInt(order.cryptoAmountBaseUnits);
  if (coin.symbol === order.cryptocurrency) return ordered;
  const from = config.registry.requireCoin(order.cryptocurrency);
  if (!(from.stable && coin.stable)) throw new UsageError(`paying a ${order.cryptocurrency} order in ${coin.symbol} needs --amount`);
  const scale = 10n ** BigInt(Math.abs(decimals - from.decimals));
  // Rounded up when the coin has fewer decimals: never an underpayment by dust.
  return decimals >= from.decimals ? ordered * scale : (ordered + scale - 1n) / scale;
}

main().catch((err: unknown) => {
  console.error(err instanceof UsageError ? err.message : `pay failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
