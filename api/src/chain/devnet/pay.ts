import { Contract, JsonRpcProvider } from 'ethers';
import { DEFAULT_PAYER_INDEX, devnetAccount } from './accounts';
import { requireChainId } from './rpc';

/** A payment a customer's wallet would make, sent from one of the devnet's funded accounts. */
interface DevnetPayment {
  rpcUrl: string;
  to: string;
  /** The token's ERC-20 contract; null for the network's native coin. */
  tokenContract: string | null;
  units: bigint;
  /** Funded account #1..#9 (default #1). Payments from one account go one after another: each takes the next nonce. */
  accountIndex?: number;
  /** When given, refuse to pay on a node of another chain. */
  chainId?: number;
  /**
   * A native payment sent through this forwarder contract (the devnet's, DevnetNode.forwarder): an
   * internal transfer, as an exchange's withdrawal or a smart-contract wallet sends it.
   */
  forwarder?: string;
}

export interface SentPayment {
  txHash: string;
  blockNumber: number;
  from: string;
}

const ERC20_TRANSFER = ['function transfer(address to, uint256 amount) returns (bool)'];
const FORWARD = ['function forward(address to) payable'];

/** Sends the payment and waits until it is mined. */
export async function payFromDevnet(payment: DevnetPayment): Promise<SentPayment> {
  const chainId = await requireChainId(payment.rpcUrl, payment.chainId);
  // No response cache: a second payment right after the first must see the account's new nonce.
  const provider = new JsonRpcProvider(payment.rpcUrl, chainId, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const wallet = devnetAccount(payment.accountIndex ?? DEFAULT_PAYER_INDEX).connect(provider);
    let tx;
    if (payment.tokenContract) {
      if (payment.forwarder) throw new Error('the forwarder sends the native coin only');
      tx = await new Contract(payment.tokenContract, ERC20_TRANSFER, wallet).getFunction('transfer')(payment.to, payment.units);
    } else if (payment.forwarder) {
      tx = await new Contract(payment.forwarder, FORWARD, wallet).getFunction('forward')(payment.to, { value: payment.units });
    } else {
      tx = await wallet.sendTransaction({ to: payment.to, value: payment.units });
    }
    const receipt = await tx.wait();
    if (!receipt || receipt.status !== 1) throw new Error(`transaction ${tx.hash} failed on chain`);
    return { txHash: receipt.hash, blockNumber: receipt.blockNumber, from: wallet.address };
  } finally {
    provider.destroy();
  }
}
