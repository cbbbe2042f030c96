import { ContractFactory, JsonRpcProvider, getAddress, getCreateAddress } from 'ethers';
import { COINS, type TCoinSymbol, type TNetwork } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { DEPLOYER_INDEX, FUNDED_ACCOUNT_INDEXES, devnetAccount } from './accounts';
import type { CompiledContract } from './compile';

/**
 * The devnet's stand-ins for the real tokens, per network, in deployment order: account #0 deploys them
 * first thing on a fresh node, so the n-th one lands at the address of the deployer's nonce n.
 */
interface TokenSpec {
  symbol: TCoinSymbol;
  name: string;
  /** ERC-20 symbol() on chain, as the real contract answers. */
  ticker: string;
}
const DEVNET_TOKENS: Record<TNetwork, TokenSpec[]> = {
  ethereum: [
    { symbol: 'USDT', name: 'Tether USD', ticker: 'USDT' },
    { symbol: 'USDC', name: 'USD Coin', ticker: 'USDC' },
  ],
  bsc: [{ symbol: 'USDT-BEP20', name: 'Tether USD', ticker: 'USDT' }],
  polygon: [],
};

/** Whole tokens minted to each funded account: enough for any test, far below uint256's limit. */
const FUNDED_WHOLE_TOKENS = 1_000_000_000n;

export interface PlannedToken extends TokenSpec {
  address: string;
  decimals: number;
}

/**
 * The tokens a network's devnet node gets, at the addresses they will have. Fails when the
 * configuration expects a token elsewhere, or one the devnet does not deploy: the watcher would then
 * watch a contract that does not exist and never see a payment.
 */
export function planTokens(network: NetworkConfig): PlannedToken[] {
  const deployer = devnetAccount(DEPLOYER_INDEX).address;
  const plan = DEVNET_TOKENS[network.network].map((spec, nonce) => ({
    ...spec,
    address: getCreateAddress({ from: deployer, nonce }),
    decimals: COINS[spec.symbol].decimals,
  }));
  const problems: string[] = [];
  for (const token of plan) {
    const configured = network.tokens[token.symbol];
    if (!configured || getAddress(configured) !== token.address) {
      problems.push(`${token.symbol} is configured at ${configured ?? '(none)'} but the devnet deploys it at ${token.address}`);
    }
  }
  for (const symbol of Object.keys(network.tokens)) {
    if (!plan.some((t) => t.symbol === symbol)) problems.push(`${symbol} is configured but the devnet deploys no such token`);
  }
  if (problems.length) throw new Error(`devnet ${network.network}: ${problems.join('; ')}`);
  return plan;
}

/** Deploys the planned tokens on a fresh node (the deployer has sent nothing yet), in order. */
export async function deployTokens(rpcUrl: string, chainId: number, plan: PlannedToken[], artifact: CompiledContract): Promise<void> {
  const provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true });
  try {
    const deployer = devnetAccount(DEPLOYER_INDEX).connect(provider);
    const holders = FUNDED_ACCOUNT_INDEXES.map((i) => devnetAccount(i).address);
    const factory = new ContractFactory(artifact.abi, artifact.bytecode, deployer);
    // Explicit nonces: each token lands at its planned address by construction (and ethers' 250 ms
    // response cache would otherwise hand the second deployment the first one's nonce).
    for (const [nonce, token] of plan.entries()) {
      const amountEach = FUNDED_WHOLE_TOKENS * 10n ** BigInt(token.decimals);
      const contract = await factory.deploy(token.name, token.ticker, token.decimals, holders, amountEach, { nonce });
      await contract.waitForDeployment();
    }
  } finally {
    provider.destroy();
  }
}

/** Whether every planned token has code on the node (a devnet already set up by another process). */
export async function tokensDeployed(rpcUrl: string, chainId: number, plan: PlannedToken[]): Promise<boolean> {
  if (!plan.length) return true;
  const provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true });
  try {
    const codes = await Promise.all(plan.map((t) => provider.getCode(t.address)));
    return codes.every((code) => code !== '0x');
  } finally {
    provider.destroy();
  }
}
