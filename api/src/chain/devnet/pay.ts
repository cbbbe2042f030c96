import { Contract, JsonRpcProvider } from 'ethers';
import { COINS, type TCoinSymbol } from '@topup/shared';
import { DEFAULT_PAYER_INDEX, devnetAccount } from './accounts';
import { requireChainId } from './rpc';

/** A payment a customer's wallet would make, sent from one of the devnet's funded accounts. */
export interface DevnetPayment {
  rpcUrl: string;
  to: string;
  coin: TCoinSymbol;
  /** The coin's ERC-20 contract; null for the network's native coin. */
  tokenContract: string | null;
  units: bigint;
  /** Funded account #1..#9 (default #1). Payments from one account go one after another: each takes the next nonce. */
  accountIndex?: number;
  /** When given, refuse to pay on a node of another chain. */
  chainId?: number;
}

export interface SentPayment {
  txHash: string;
  blockNumber: number;
  from: string;
}

const ERC20_TRANSFER = ['function transfer(address to, uint256 amount) returns (bool)'];

/** Sends the payment and waits until it is mined. */
export async function payFromDevnet(payment: DevnetPayment): Promise<SentPayment> {
  const chainId = await requireChainId(payment.rpcUrl, payment.chainId);
  // No response cache: a second payment right after the first must see the account's new nonce.
  const provider = new JsonRpcProvider(payment.rpcUrl, chainId, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const wallet = devnetAccount(payment.accountIndex ?? DEFAULT_PAYER_INDEX).connect(provider);
    let tx;
    if (COINS[payment.coin].kind === 'native') {
      tx = await wallet.sendTransaction({ to: payment.to, value: payment.units });
    } else {
      if (!payment.tokenContract) throw new Error(`${payment.coin} is a token: its contract address is needed`);
      tx = await new Contract(payment.tokenContract, ERC20_TRANSFER, wallet).getFunction('transfer')(payment.to, payment.units);
    }
    const receipt = await tx.wait();
    if (!receipt || receipt.status !== 1) throw new Error(`transaction ${tx.hash} failed on chain`);
    return { txHash: receipt.hash, blockNumber: receipt.blockNumber, from: wallet.address };
  } finally {
    provider.destroy();
  }
}
