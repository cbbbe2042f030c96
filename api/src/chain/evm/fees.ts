import { Interface, Transaction } from 'ethers';
import type { NetworkConfig } from '../../config';
import { RpcError, type JsonRpcClient } from './json-rpc';
import type { TransferFees } from '../port';

/** Gas of a plain transfer of the native coin. */
export const NATIVE_TRANSFER_GAS = 21_000n;
/**
 * Gas of an ERC-20 transfer to an address that holds none of the token yet, as every deposit address:
 * the recipient's balance goes from zero to non-zero. USDT and USDC transfers of that kind use about
 * 50,000 to 65,000; the upper end is taken so that the estimate is not low.
 */
export const TOKEN_TRANSFER_GAS = 65_000n;

/**
 * OP Stack's GasPriceOracle predeploy: getL1Fee(unsigned RLP transaction) is the L1 data fee in wei
 * (the call viem's op-stack estimateL1Fee makes).
 */
export const OP_GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F';
/**
 * Arbitrum's NodeInterface, answered by the node over RPC only (docs.arbitrum.io, "NodeInterface
 * reference"): gasEstimateL1Component(to, contractCreation, data) gives the L2 gas a transaction pays
 * for its L1 data, and the L2 base fee that gas is priced at.
 */
export const ARBITRUM_NODE_INTERFACE = '0x00000000000000000000000000000000000000C8';

const ABI = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function getL1Fee(bytes data) view returns (uint256)',
  'function gasEstimateL1Component(address to, bool contractCreation, bytes data) payable returns (uint64 gasEstimateForL1, uint256 baseFee, uint256 l1BaseFeeEstimate)',
]);

/** A deposit address stand-in: the size of the transaction, not the address, is what costs. */
const RECIPIENT = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
/** Fee percentile of recent blocks' tips: what a typical wallet pays, not the fastest. */
const TIP_PERCENTILE = 50;
const FEE_HISTORY_BLOCKS = 5;

/** What one transfer of the native coin, and of a token, costs on the network now, in wei. */
export async function evmTransferFees(rpc: JsonRpcClient, network: NetworkConfig): Promise<TransferFees> {
  const gasPrice = await typicalGasPrice(rpc);
  const token = Object.values(network.tokens)[0] ?? RECIPIENT;
  const native = { to: RECIPIENT, value: 10n ** 16n, data: '0x', gasLimit: NATIVE_TRANSFER_GAS };
  const transfer = { to: token, value: 0n, data: ABI.encodeFunctionData('transfer', [RECIPIENT, 10_000_000n]), gasLimit: TOKEN_TRANSFER_GAS };
  const [nativeL1, tokenL1] = await l1DataFees(rpc, network, gasPrice, [native, transfer]);
  return { native: NATIVE_TRANSFER_GAS * gasPrice + nativeL1!, token: TOKEN_TRANSFER_GAS * gasPrice + tokenL1! };
}

/**
 * The gas price a wallet typically pays: the next block's base fee plus the median tip of the last
 * blocks (eth_feeHistory), or the node's eth_gasPrice where it has no fee history.
 */
export async function typicalGasPrice(rpc: JsonRpcClient): Promise<bigint> {
  try {
    const history = await rpc.call<{ baseFeePerGas?: string[]; reward?: string[][] }>('eth_feeHistory', [
      `0x${FEE_HISTORY_BLOCKS.toString(16)}`,
      'latest',
      [TIP_PERCENTILE],
    ]);
    const nextBaseFee = BigInt(history.baseFeePerGas?.at(-1) ?? '0x0');
    const tips = (history.reward ?? []).map((r) => BigInt(r[0] ?? '0x0')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return nextBaseFee + (tips[Math.floor(tips.length / 2)] ?? 0n);
  } catch (err) {
    // A node without the method answers with a JSON-RPC error; anything else (unreachable) is thrown.
    if (!(err instanceof RpcError) || err.code === undefined) throw err;
    return BigInt(await rpc.call<string>('eth_gasPrice'));
  }
}

interface SampleTx {
  to: string;
  value: bigint;
  data: string;
  gasLimit: bigint;
}

/** What each transaction pays for its data on Ethereum, in wei: nothing off a rollup. */
async function l1DataFees(rpc: JsonRpcClient, network: NetworkConfig, gasPrice: bigint, txs: SampleTx[]): Promise<bigint[]> {
  if (!network.rollup) return txs.map(() => 0n);
  if (network.rollup === 'op-stack') {
    const calls = txs.map((tx) => {
      const unsigned = Transaction.from({
        type: 2,
        chainId: network.chainId,
        nonce: 1,
        maxFeePerGas: gasPrice,
        maxPriorityFeePerGas: 0n,
        ...tx,
      }).unsignedSerialized;
      return ethCall(OP_GAS_PRICE_ORACLE, ABI.encodeFunctionData('getL1Fee', [unsigned]));
    });
    return (await rpc.batch<string>(calls)).map((result) => BigInt(ABI.decodeFunctionResult('getL1Fee', result)[0] as bigint));
  }
  // The L2 gas it names is worth the L2 base fee it names: their product is the L1 data cost in wei.
  const calls = txs.map((tx) => ethCall(ARBITRUM_NODE_INTERFACE, ABI.encodeFunctionData('gasEstimateL1Component', [tx.to, false, tx.data])));
  return (await rpc.batch<string>(calls)).map((result) => {
    const [gasForL1, baseFee] = ABI.decodeFunctionResult('gasEstimateL1Component', result) as unknown as [bigint, bigint];
    return gasForL1 * baseFee;
  });
}

function ethCall(to: string, data: string) {
  return { method: 'eth_call', params: [{ to, data }, 'latest'] };
}
