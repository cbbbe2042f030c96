import { getCreateAddress } from 'ethers';
import type { ChainRegistry } from '@topup/shared';

/**
 * Where the devnet's contracts land: Hardhat's account #0 (the public test phrase's first key) deploys
 * them first thing on a fresh node, the network's tokens in registry order and then the forwarder, so
 * the n-th contract is at the address of the deployer's nonce n. The configuration reads the token
 * addresses from here; the devnet checks that it deploys them there.
 */
export const DEVNET_DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The devnet token contracts of a network, by coin symbol. */
export function devnetTokenAddresses(registry: ChainRegistry, network: string): Record<string, string> {
  const tokens = registry.coinsOn(network).filter((c) => c.token);
  return Object.fromEntries(tokens.map((c, nonce) => [c.symbol, getCreateAddress({ from: DEVNET_DEPLOYER, nonce })]));
}

/** The devnet's forwarder (contracts/Forwarder.sol) on a network: deployed right after its tokens. */
export function devnetForwarderAddress(registry: ChainRegistry, network: string): string {
  return getCreateAddress({ from: DEVNET_DEPLOYER, nonce: registry.coinsOn(network).filter((c) => c.token).length });
}
