import { ContractFactory, JsonRpcProvider, getAddress } from 'ethers';
import type { ChainRegistry } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { DEPLOYER_INDEX, FUNDED_ACCOUNT_INDEXES, devnetAccount } from './accounts';
import { DEVNET_DEPLOYER, devnetForwarderAddress, devnetTokenAddresses } from './addresses';
import type { DevnetContracts } from './compile';
import { ARBITRUM_NODE_INTERFACE, OP_GAS_PRICE_ORACLE } from '../evm/fees';

/**
 * The devnet's stand-ins for the real tokens of a network (the registry's token coins, in registry
 * order), then a forwarder for internal transfers: account #0 deploys them first thing on a fresh node,
 * so each lands at a fixed address (devnet/addresses.ts). On a rollup, the stand-in of its L1 fee
 * oracle is installed where the real one answers.
 */
export interface PlannedToken {
  symbol: string;
  /** ERC-20 name() and symbol() as the real contract answers. */
  name: string;
  ticker: string;
  address: string;
  decimals: number;
}

export interface DeployPlan {
  tokens: PlannedToken[];
  forwarder: string;
  /** Where the rollup's L1 fee oracle answers (contracts/L1FeeOracle.sol stands in); null off a rollup. */
  l1FeeOracle: string | null;
}

const L1_FEE_ORACLES = { 'op-stack': OP_GAS_PRICE_ORACLE, arbitrum: ARBITRUM_NODE_INTERFACE } as const;

/** Whole tokens minted to each funded account: enough for any test, far below uint256's limit. */
const FUNDED_WHOLE_TOKENS = 1_000_000_000n;

/**
 * What a network's devnet node gets, at the addresses it will have. Fails when the configuration
 * expects a token elsewhere, or one the devnet does not deploy: the watcher would then watch a
 * contract that does not exist and never see a payment.
 */
export function planDeployment(registry: ChainRegistry, network: NetworkConfig): DeployPlan {
  if (getAddress(devnetAccount(DEPLOYER_INDEX).address) !== DEVNET_DEPLOYER) throw new Error('the devnet deployer is not account #0 of the test phrase');
  const addresses = devnetTokenAddresses(registry, network.network);
  const tokens = registry
    .coinsOn(network.network)
    .filter((c) => c.token)
    .map((c) => ({ symbol: c.symbol, name: c.token!.tokenName, ticker: c.token!.ticker, decimals: c.decimals, address: addresses[c.symbol]! }));
  const problems: string[] = [];
  for (const token of tokens) {
    const configured = network.tokens[token.symbol];
    if (configured && getAddress(configured) !== token.address)
      problems.push(`${token.symbol} is configured at ${configured} but the devnet deploys it at ${token.address}`);
  }
  for (const symbol of Object.keys(network.tokens)) {
    if (!tokens.some((t) => t.symbol === symbol)) problems.push(`${symbol} is configured but the devnet deploys no such token`);
  }
  if (problems.length) throw new Error(`devnet ${network.network}: ${problems.join('; ')}`);
  return { tokens, forwarder: devnetForwarderAddress(registry, network.network), l1FeeOracle: network.rollup ? L1_FEE_ORACLES[network.rollup] : null };
}

/** Deploys the planned contracts on a fresh node (the deployer has sent nothing yet), in order. */
export async function deployContracts(rpcUrl: string, chainId: number, plan: DeployPlan, artifacts: DevnetContracts): Promise<void> {
  const provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true });
  try {
    const deployer = devnetAccount(DEPLOYER_INDEX).connect(provider);
    const holders = FUNDED_ACCOUNT_INDEXES.map((i) => devnetAccount(i).address);
    const tokenFactory = new ContractFactory(artifacts.DevToken.abi, artifacts.DevToken.bytecode, deployer);
    // Explicit nonces: each contract lands at its planned address by construction (and ethers' 250 ms
    // response cache would otherwise hand the second deployment the first one's nonce).
    for (const [nonce, token] of plan.tokens.entries()) {
      const amountEach = FUNDED_WHOLE_TOKENS * 10n ** BigInt(token.decimals);
      const contract = await tokenFactory.deploy(token.name, token.ticker, token.decimals, holders, amountEach, { nonce });
      await contract.waitForDeployment();
    }
    const forwarder = await new ContractFactory(artifacts.Forwarder.abi, artifacts.Forwarder.bytecode, deployer).deploy({ nonce: plan.tokens.length });
    await forwarder.waitForDeployment();
    if (plan.l1FeeOracle) await provider.send('hardhat_setCode', [plan.l1FeeOracle, artifacts.L1FeeOracle.deployedBytecode]);
  } finally {
    provider.destroy();
  }
}

/** Whether every planned contract has code on the node (a devnet already set up by another process). */
export async function contractsDeployed(rpcUrl: string, chainId: number, plan: DeployPlan): Promise<boolean> {
  const provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true });
  try {
    const codes = await Promise.all(
      [...plan.tokens.map((t) => t.address), plan.forwarder, ...(plan.l1FeeOracle ? [plan.l1FeeOracle] : [])].map((a) => provider.getCode(a)),
    );
    return codes.every((code) => code !== '0x');
  } finally {
    provider.destroy();
  }
}
