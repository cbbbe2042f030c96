import { Interface, Transaction, type HDNodeWallet } from 'ethers';
import type { TPayout, TTreasuryTransfer } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { evmTransferFees, NATIVE_TRANSFER_GAS, TOKEN_TRANSFER_GAS, typicalGasPrice } from '../../chain/evm/fees';
import { RpcError, type JsonRpcClient } from '../../chain/evm/json-rpc';
import type { SweepKeys } from './keys';
import type { ExecutionResult, FamilyPlanner, NetworkPlan, NetworkSources, PlannedTransfer, SweepJournal } from './planner';

const ERC20 = new Interface(['function transfer(address to, uint256 amount) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);

/** Headroom on the gas price and the L1 data fee: prices move between funding and sweeping. */
const PRICE_HEADROOM = (v: bigint) => (v * 5n) / 4n + 1n;
/** Headroom on a token transfer's gas estimate. */
const GAS_HEADROOM = (v: bigint) => (v * 11n) / 10n;
/** A native balance is swept when it is worth more than this many times its transfer's fee. */
const NATIVE_WORTH_FEES = 2n;
const RECEIPT_POLL_MS = 100;

interface EvmPlannerOptions {
  rpc: JsonRpcClient;
  network: NetworkConfig;
  keys: SweepKeys;
  /** The operator's treasury address on this network: where swept coins go. */
  treasury: string;
  /** Transactions broadcast before their receipts are awaited. */
  batchSize?: number;
  receiptTimeoutMs?: number;
}

interface Prices {
  /** Legacy gas price for every transaction of the run: its cost is exactly gas used × this. */
  gasPrice: bigint;
  /** A rollup's data fee on Ethereum per native and per token transfer (0 elsewhere). */
  l1Native: bigint;
  l1Token: bigint;
}

/**
 * The EVM family: gas from the signer to each deposit address that holds tokens (just what its token
 * transfers may cost), then the tokens, then the native coin, all to the treasury. Legacy-priced
 * transactions, so what an address is funded with and what it spends are exact sums of gas × price.
 */
export class EvmSweepPlanner implements FamilyPlanner {
  private readonly batchSize: number;

  /** The prices each plan was made at: its execution pays the same, so the gas it funded suffices. */
  private readonly priced = new WeakMap<NetworkPlan, Prices>();

  constructor(private readonly o: EvmPlannerOptions) {
    this.batchSize = o.batchSize ?? 50;
  }

  private async prices(): Promise<Prices> {
    const gasPrice = PRICE_HEADROOM(await typicalGasPrice(this.o.rpc));
    if (!this.o.network.rollup) return { gasPrice, l1Native: 0n, l1Token: 0n };
    const typical = await typicalGasPrice(this.o.rpc);
    const fees = await evmTransferFees(this.o.rpc, this.o.network);
    return {
      gasPrice,
      l1Native: PRICE_HEADROOM(fees.native - NATIVE_TRANSFER_GAS * typical),
      l1Token: PRICE_HEADROOM(fees.token - TOKEN_TRANSFER_GAS * typical),
    };
  }

  async plan(sources: NetworkSources): Promise<NetworkPlan> {
    const prices = await this.prices();
    const { gasPrice } = prices;
    const nativeGas = await this.estimate({ from: this.o.keys.signer.address, to: this.o.treasury, value: '0x1' });
    const nativeCost = nativeGas * gasPrice + prices.l1Native;
    const fundCost = NATIVE_TRANSFER_GAS * gasPrice + prices.l1Native;
    const signer = this.o.keys.signer.address;
    const plan: NetworkPlan = { network: sources.network, nativeCoin: sources.nativeCoin, transfers: [], dust: [], skipped: [], totalFee: 0n, addresses: [] };
    const gas: PlannedTransfer[] = [];
    const tokens: PlannedTransfer[] = [];
    const natives: PlannedTransfer[] = [];
    for (const a of sources.addresses) {
      if (!a.sweepable) {
        plan.skipped.push({ address: a.address, orderId: a.orderId });
        continue;
      }
      this.o.keys.deposit(a.derivationIndex, a.address);
      plan.addresses.push({ address: a.address, derivationIndex: a.derivationIndex });
      const [native = 0n, ...held] = await this.balances(a.address, sources.tokens);
      let tokenCosts = 0n;
      for (const [i, token] of sources.tokens.entries()) {
        const amount = held[i]!;
        if (amount === 0n) continue;
        // Under a hundredth of the coin is not worth its gas (every token offered is a stablecoin).
        if (amount < 10n ** BigInt(token.decimals) / 100n) {
          plan.dust.push({ address: a.address, coin: token.symbol, amount });
          continue;
        }
        const limit = GAS_HEADROOM(
          await this.estimate({ from: a.address, to: token.contract, data: ERC20.encodeFunctionData('transfer', [this.o.treasury, amount]) }),
        );
        const fee = limit * gasPrice + prices.l1Token;
        tokenCosts += fee;
        tokens.push({ kind: 'token', from: a.address, derivationIndex: a.derivationIndex, to: this.o.treasury, coin: token.symbol, amount, fee, limit });
      }
      const fund = tokenCosts > native ? tokenCosts - native : 0n;
      if (fund > 0n)
        gas.push({
          kind: 'gas',
          from: signer,
          derivationIndex: null,
          to: a.address,
          coin: sources.nativeCoin,
          amount: fund,
          fee: fundCost,
          limit: NATIVE_TRANSFER_GAS,
        });
      const remaining = native + fund - tokenCosts;
      if (remaining > NATIVE_WORTH_FEES * nativeCost) {
        natives.push({
          kind: 'native',
          from: a.address,
          derivationIndex: a.derivationIndex,
          to: this.o.treasury,
          coin: sources.nativeCoin,
          amount: remaining - nativeCost,
          fee: nativeCost,
          limit: nativeGas,
        });
      } else if (remaining > 0n && fund === 0n) {
        plan.dust.push({ address: a.address, coin: sources.nativeCoin, amount: remaining });
      }
    }
    plan.transfers = [...gas, ...tokens, ...natives];
    plan.totalFee = plan.transfers.reduce((sum, t) => sum + t.fee, 0n);
    this.priced.set(plan, prices);
    return plan;
  }

  async execute(plan: NetworkPlan, journal: SweepJournal): Promise<ExecutionResult> {
    const { gasPrice, l1Native } = this.priced.get(plan) ?? (await this.prices());
    const result: ExecutionResult = { sent: 0, fees: 0n };
    const add = (r: ExecutionResult) => {
      result.sent += r.sent;
      result.fees += r.fees;
    };
    const wallets = new Map(plan.addresses.map((a) => [a.address, this.o.keys.deposit(a.derivationIndex, a.address)]));
    const signer = this.o.keys.signer;

    // Gas: the signer's transactions, consecutive nonces, a batch at a time.
    const gas = plan.transfers.filter((t) => t.kind === 'gas');
    const signerNonce = await this.nonce(signer.address);
    const gasTxs = gas.map((t, i) => ({ t, wallet: signer, nonce: signerNonce + i, tx: { to: t.to, value: t.amount, gasLimit: t.limit } }));
    for (const batch of chunks(gasTxs, this.batchSize)) add(await this.sendAll(plan, batch, gasPrice, journal));

    // Tokens: each address signs its own, one after another per address.
    const tokenTxs = [];
    const nonces = new Map<string, number>();
    for (const t of plan.transfers.filter((x) => x.kind === 'token')) {
      const nonce = nonces.get(t.from) ?? (await this.nonce(t.from));
      nonces.set(t.from, nonce + 1);
      const contract = this.o.network.tokens[t.coin]!;
      const data = ERC20.encodeFunctionData('transfer', [t.to, t.amount]);
      tokenTxs.push({ t, wallet: wallets.get(t.from)!, nonce, tx: { to: contract, value: 0n, data, gasLimit: t.limit } });
    }
    for (const batch of chunks(tokenTxs, this.batchSize)) add(await this.sendAll(plan, batch, gasPrice, journal));

    // The native coin: what the address holds now, less its transfer's fee; skipped when no longer worth it.
    const nativeTxs = [];
    for (const t of plan.transfers.filter((x) => x.kind === 'native')) {
      const gasLimit = await this.estimate({ from: t.from, to: t.to, value: '0x1' });
      const cost = gasLimit * gasPrice + l1Native;
      const balance = BigInt(await this.o.rpc.call<string>('eth_getBalance', [t.from, 'latest']));
      if (balance <= NATIVE_WORTH_FEES * cost) continue;
      const amount = balance - cost;
      nativeTxs.push({
        t: { ...t, amount, fee: cost },
        wallet: wallets.get(t.from)!,
        nonce: await this.nonce(t.from),
        tx: { to: t.to, value: amount, gasLimit },
      });
    }
    for (const batch of chunks(nativeTxs, this.batchSize)) add(await this.sendAll(plan, batch, gasPrice, journal));

    // What is left on each finished address (dust, or nothing), so the API knows it is done.
    const tokenList = Object.entries(this.o.network.tokens).map(([symbol, contract]) => ({ symbol, contract }));
    const leftovers: { address: string; coin: string; amount: string }[] = [];
    for (const a of plan.addresses) {
      const [native, ...held] = await this.balances(a.address, tokenList);
      leftovers.push({ address: a.address, coin: plan.nativeCoin, amount: native!.toString() });
      tokenList.forEach((tk, i) => leftovers.push({ address: a.address, coin: tk.symbol, amount: held[i]!.toString() }));
    }
    await journal.leftovers(plan.network, leftovers);
    return result;
  }

  async finish(unsettled: TTreasuryTransfer[], journal: SweepJournal): Promise<ExecutionResult> {
    const result: ExecutionResult = { sent: 0, fees: 0n };
    for (const t of unsettled) {
      let receipt = await this.receipt(t.txHash);
      if (!receipt) {
        try {
          await this.o.rpc.call('eth_sendRawTransaction', [t.rawTx]);
          result.sent++;
        } catch (err) {
          // Another transaction took its nonce: it will never be mined.
          if (err instanceof RpcError && /nonce too low|nonce.*already/i.test(err.message)) {
            await journal.settle(t.id, { status: 'failed', fee: null });
            continue;
          }
          if (!(err instanceof RpcError && /already known/i.test(err.message))) throw err;
        }
        receipt = await this.waitForReceipt(t.txHash);
      }
      await journal.settle(t.id, receipt);
      result.fees += BigInt(receipt.fee ?? '0');
    }
    return result;
  }

  async payout(sources: NetworkSources, payout: TPayout, journal: SweepJournal): Promise<ExecutionResult> {
    const { gasPrice } = await this.prices();
    const signer = this.o.keys.signer;
    const amount = BigInt(payout.cryptoAmount!);
    const token = sources.tokens.find((t) => t.symbol === payout.coin);
    const tx = token
      ? { to: token.contract, value: 0n, data: ERC20.encodeFunctionData('transfer', [payout.toAddress, amount]) }
      : { to: payout.toAddress, value: amount, data: '0x' };
    const gasLimit = GAS_HEADROOM(await this.estimate({ from: signer.address, to: tx.to, value: `0x${tx.value.toString(16)}`, data: tx.data }));
    const planned: PlannedTransfer = {
      kind: 'native',
      from: signer.address,
      derivationIndex: null,
      to: payout.toAddress,
      coin: payout.coin,
      amount,
      fee: gasLimit * gasPrice,
      limit: gasLimit,
    };
    return this.sendAll(
      sources,
      [{ t: planned, wallet: signer, nonce: await this.nonce(signer.address), tx: { ...tx, gasLimit }, payoutId: payout.id }],
      gasPrice,
      journal,
    );
  }

  /** Signs each, records each (before it leaves), broadcasts each, then waits for and settles each. */
  private async sendAll(
    plan: Pick<NetworkPlan, 'network'>,
    batch: { t: PlannedTransfer; wallet: HDNodeWallet; nonce: number; tx: { to: string; value: bigint; data?: string; gasLimit: bigint }; payoutId?: number }[],
    gasPrice: bigint,
    journal: SweepJournal,
  ): Promise<ExecutionResult> {
    const recorded: TTreasuryTransfer[] = [];
    for (const { t, wallet, nonce, tx, payoutId = null } of batch) {
      const raw = await wallet.signTransaction({ type: 0, chainId: this.o.network.chainId, nonce, gasPrice, ...tx, data: tx.data ?? '0x' });
      const hash = Transaction.from(raw).hash!;
      recorded.push(
        await journal.record({
          network: plan.network,
          chainId: this.o.network.chainId,
          kind: payoutId === null ? t.kind : 'payout',
          from: wallet.address,
          to: t.to,
          coin: t.coin,
          amount: t.amount.toString(),
          nonce,
          txHash: hash,
          rawTx: raw,
          payoutId,
        }),
      );
    }
    for (const r of recorded) await this.o.rpc.call('eth_sendRawTransaction', [r.rawTx]);
    const result: ExecutionResult = { sent: recorded.length, fees: 0n };
    for (const r of recorded) {
      const outcome = await this.waitForReceipt(r.txHash);
      await journal.settle(r.id, outcome);
      result.fees += BigInt(outcome.fee ?? '0');
    }
    return result;
  }

  private async receipt(hash: string): Promise<{ status: 'confirmed' | 'failed'; fee: string } | null> {
    const r = await this.o.rpc.call<{ status: string; gasUsed: string; effectiveGasPrice: string; l1Fee?: string } | null>('eth_getTransactionReceipt', [hash]);
    if (!r) return null;
    const fee = BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice) + BigInt(r.l1Fee ?? '0x0');
    return { status: BigInt(r.status) === 1n ? 'confirmed' : 'failed', fee: fee.toString() };
  }

  private async waitForReceipt(hash: string) {
    const deadline = Date.now() + (this.o.receiptTimeoutMs ?? 120_000);
    for (;;) {
      const r = await this.receipt(hash);
      if (r) return r;
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash} yet: run the sweep again later, it will pick it up`);
      await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
    }
  }

  private async nonce(address: string): Promise<number> {
    return Number(BigInt(await this.o.rpc.call<string>('eth_getTransactionCount', [address, 'pending'])));
  }

  private async estimate(tx: { from: string; to: string; value?: string; data?: string }): Promise<bigint> {
    return BigInt(await this.o.rpc.call<string>('eth_estimateGas', [tx]));
  }

  /** The native balance, then each token's, in one batched request. */
  private async balances(address: string, tokens: { contract: string }[]): Promise<bigint[]> {
    const calls = [
      { method: 'eth_getBalance', params: [address, 'latest'] },
      ...tokens.map((t) => ({ method: 'eth_call', params: [{ to: t.contract, data: ERC20.encodeFunctionData('balanceOf', [address]) }, 'latest'] })),
    ];
    return (await this.o.rpc.batch<string>(calls)).map((v) => BigInt(v === '0x' ? '0x0' : v));
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
