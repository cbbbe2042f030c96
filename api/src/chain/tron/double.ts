import crypto from 'node:crypto';
import type http from 'node:http';
import { keccak256, toUtf8Bytes } from 'ethers';
import { DoubleServer } from '../double-server';
import { base58Of, hexOf, wordOf } from './address';
import type { TronBlock, TronTransaction, TronTransactionInfo } from './api';
import { TRANSFER_BYTES, TRANSFER_ENERGY } from './resources';
import { decodeTransaction, referenceOf, signerOf, type TronRaw } from './transaction';
import { TRANSFER_TOPIC } from './transfers';

/**
 * The Tron double: a local stand-in for a Tron full node's HTTP API, since no Tron node can be
 * installed here. It answers the calls the adapter makes (getnowblock, walletsolidity/getnowblock,
 * getblockbynum, getblockbylimitnext, gettransactioninfobyblocknum, getchainparameters, getaccount,
 * getaccountresource, triggerconstantcontract) with the shapes Tron's reference documents, over real
 * HTTP, so the adapter's requests and parsing are the production ones. It is not a chain: blocks are
 * made on a timer and on every transfer, customers' payments are asked for by the double's own
 * `/double/…` calls (no signatures), and the TRC-20 contracts are balances in memory with the real
 * energy figures. The sweep tool's transactions are real ones: signed, sent to /wallet/broadcasthex,
 * checked and applied with what they burn, their outcome read from /wallet/gettransactioninfobyid.
 * In memory only: a block takes a few bytes unless it holds a transfer.
 */

export interface DoubleToken {
  symbol: string;
  name: string;
  decimals: number;
  /** Base58 address of the contract. */
  address: string;
}

export interface TronDoubleOptions {
  chainId: number;
  /** A block every this many milliseconds (Tron: 3 s), on top of one per transfer. 0: only per transfer. */
  blockMs?: number;
  /** How many blocks behind the head the solidified block is (mainnet: about 19). */
  solidLag?: number;
  tokens: DoubleToken[];
  /** The account that holds the double's TRX and tokens and pays by default (base58). */
  faucet: string;
}

/** Free bandwidth every activated account gets a day. */
const FREE_NET_LIMIT = 600;
/** Mainnet's chain parameters as the double answers them (sun). */
export const DOUBLE_CHAIN_PARAMETERS = {
  getEnergyFee: 100,
  getTransactionFee: 1000,
  getCreateAccountFee: 100_000,
  getCreateNewAccountFeeInSystemContract: 1_000_000,
};

interface DoubleTx {
  txID: string;
  kind: 'trx' | 'token';
  /** hex 41… */
  from: string;
  /** TRX: the recipient. Token: the contract called (the token, or a forwarder that calls it). */
  to: string;
  amount: bigint;
  token?: { contract: string; to: string };
  /** SUCCESS, or why the contract call failed (REVERT, OUT_OF_ENERGY). */
  result: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
  energy: number;
  timestamp: number;
  /** TRX burnt (sun) by a signed transaction: for energy, for bandwidth or the account it created. */
  burnt?: { energy: bigint; net: bigint };
}

/** A broadcast's answer, as /wallet/broadcasthex gives it. */
type BroadcastAnswer = { result: true; txid: string } | { result?: false; code: string; message: string; txid?: string };

export interface DoubleTransfer {
  /** Base58; default the faucet. */
  from?: string;
  to: string;
  /** Base units (sun for TRX). */
  amount: bigint;
  /** A token's contract (base58); absent: TRX. */
  contract?: string;
  /** The token transfer made by another contract (as an exchange's batch sender makes it): its log still comes from the token. */
  viaContract?: boolean;
}

/** A forwarder contract's address in the double (calls a token's transfer on the sender's behalf). */
const FORWARDER = hexOfName('forwarder');

export class TronDouble {
  private readonly http = new DoubleServer();
  private head = 0;
  private readonly seed = crypto.randomBytes(8).toString('hex');
  private readonly times: number[] = [];
  private readonly txs = new Map<number, DoubleTx[]>();
  private readonly infos = new Map<string, number>();
  private readonly trx = new Map<string, bigint>();
  private readonly balances = new Map<string, Map<string, bigint>>();
  private readonly tokens: Map<string, DoubleToken>;
  private readonly energy = new Map<string, number>();
  private readonly energyUsed = new Map<string, number>();
  private readonly netUsed = new Map<string, number>();
  url = '';

  constructor(private readonly opts: TronDoubleOptions) {
    this.tokens = new Map(opts.tokens.map((t) => [hexOf(t.address)!, t]));
    const faucet = hexOf(opts.faucet)!;
    this.trx.set(faucet, 10n ** 18n);
    for (const hex of this.tokens.keys()) this.balances.set(hex, new Map([[faucet, 10n ** 18n]]));
    this.times.push(Date.now());
  }

  /** Listens on 127.0.0.1:`port` (0: any free port). */
  async start(port = 0): Promise<string> {
    this.url = await this.http.start({ port, handle: (req, res) => this.handle(req, res), blockMs: this.opts.blockMs ?? 1000, mine: () => this.mine() });
    return this.url;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  /** Makes the next block (with whatever transfers wait); returns its number. */
  mine(txs: DoubleTx[] = []): number {
    this.head++;
    this.times.push(Date.now());
    if (txs.length) this.txs.set(this.head, txs);
    for (const tx of txs) this.infos.set(tx.txID, this.head);
    return this.head;
  }

  get blockNumber(): number {
    return this.head;
  }

  /** Delegates energy to an address (Stake 2.0's delegateresource, as a treasury that staked TRX does). */
  delegateEnergy(address: string, energy: number): void {
    const hex = hexOf(address)!;
    this.energy.set(hex, (this.energy.get(hex) ?? 0) + energy);
  }

  /** Sends TRX or a token in a new block; returns the transaction id and block. A token transfer beyond the balance fails (REVERT) as on the chain. */
  transfer(t: DoubleTransfer): { txID: string; blockNumber: number; ok: boolean } {
    const from = hexOf(t.from ?? this.opts.faucet);
    const to = hexOf(t.to);
    if (!from || !to) throw new DoubleError('from and to must be Tron addresses');
    if (t.amount <= 0n) throw new DoubleError('amount must be positive');
    const txID = crypto.randomBytes(32).toString('hex');
    const timestamp = Date.now();
    if (!t.contract) {
      const balance = this.trx.get(from) ?? 0n;
      if (balance < t.amount) throw new DoubleError(`balance is not sufficient: ${from} holds ${balance} sun`);
      this.trx.set(from, balance - t.amount);
      this.trx.set(to, (this.trx.get(to) ?? 0n) + t.amount);
      return { txID, blockNumber: this.mine([{ txID, kind: 'trx', from, to, amount: t.amount, result: 'SUCCESS', energy: 0, timestamp }]), ok: true };
    }
    const contract = hexOf(t.contract);
    const holders = contract && this.balances.get(contract);
    if (!holders) throw new DoubleError(`no token contract at ${t.contract}`);
    const balance = holders.get(from) ?? 0n;
    const ok = balance >= t.amount;
    const energy = (holders.get(to) ?? 0n) > 0n ? TRANSFER_ENERGY.toHolder : TRANSFER_ENERGY.toNewHolder;
    if (ok) {
      holders.set(from, balance - t.amount);
      holders.set(to, (holders.get(to) ?? 0n) + t.amount);
    }
    const tx: DoubleTx = {
      txID,
      kind: 'token',
      from,
      to: t.viaContract ? FORWARDER : contract,
      amount: t.amount,
      token: { contract, to },
      result: ok ? 'SUCCESS' : 'REVERT',
      energy,
      timestamp,
    };
    return { txID, blockNumber: this.mine([tx]), ok };
  }

  /**
   * A signed transaction (/wallet/broadcasthex), checked as a node checks it (one contract, signed by its
   * owner, made on this chain, not expired, not seen before) and applied in a new block, burning what
   * the owner's resources do not cover: bandwidth beyond its free 600 bytes a day (or, for a transfer
   * that creates the recipient's account, the creation fee instead), energy beyond what was delegated
   * to it (at most its fee limit and its balance: past that the call fails OUT_OF_ENERGY).
   */
  broadcast(hex: string): BroadcastAnswer {
    let decoded: ReturnType<typeof decodeTransaction>;
    try {
      decoded = decodeTransaction(hex);
    } catch (err) {
      return { code: 'OTHER_ERROR', message: (err as Error).message };
    }
    const { raw, txID, signatures } = decoded;
    const refuse = (code: string, message: string): BroadcastAnswer => ({ code, message, txid: txID });
    if (this.infos.has(txID)) return refuse('DUP_TRANSACTION_ERROR', 'dup transaction');
    const signer = signatures.length === 1 ? signerOf(txID, signatures[0]!) : null;
    if (signer !== raw.call.owner) return refuse('SIGERROR', `validate signature error: not signed by ${raw.call.owner}`);
    if (!this.onChain(raw)) return refuse('TAPOS_ERROR', 'Tapos check error: the reference block is not on this chain');
    if (raw.expiration <= Date.now()) return refuse('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
    const from = hexOf(raw.call.owner)!;
    const balance = this.trx.get(from) ?? 0n;
    const timestamp = Date.now();
    const p = DOUBLE_CHAIN_PARAMETERS;
    const c = raw.call;
    if (c.type === 'TransferContract') {
      const to = hexOf(c.to)!;
      const activates = !this.trx.has(to);
      const net = activates ? BigInt(p.getCreateAccountFee + p.getCreateNewAccountFeeInSystemContract) : this.bandwidthBurn(from, TRANSFER_BYTES.trx);
      if (balance < c.amount + net) return refuse('CONTRACT_VALIDATE_ERROR', 'Validate TransferContract error, balance is not sufficient.');
      if (!activates && net === 0n) this.spendFreeBandwidth(from, TRANSFER_BYTES.trx);
      this.trx.set(from, balance - c.amount - net);
      this.trx.set(to, (this.trx.get(to) ?? 0n) + c.amount);
      this.mine([{ txID, kind: 'trx', from, to, amount: c.amount, result: 'SUCCESS', energy: 0, timestamp, burnt: { energy: 0n, net } }]);
      return { result: true, txid: txID };
    }
    const contract = hexOf(c.contract)!;
    const holders = this.balances.get(contract);
    if (!holders || !c.data.startsWith('a9059cbb')) return refuse('CONTRACT_VALIDATE_ERROR', 'the double runs only TRC-20 transfer(address,uint256)');
    const to = `41${c.data.slice(32, 72)}`;
    const amount = BigInt(`0x${c.data.slice(72, 136)}`);
    const net = this.bandwidthBurn(from, TRANSFER_BYTES.token);
    const energy = (holders.get(to) ?? 0n) > 0n ? TRANSFER_ENERGY.toHolder : TRANSFER_ENERGY.toNewHolder;
    const delegated = Math.min(energy, Math.max(0, (this.energy.get(from) ?? 0) - (this.energyUsed.get(from) ?? 0)));
    const energyBurn = BigInt((energy - delegated) * p.getEnergyFee);
    const mayBurn = bigMin(raw.feeLimit, balance - net > 0n ? balance - net : 0n);
    const result = energyBurn > mayBurn ? 'OUT_OF_ENERGY' : (holders.get(from) ?? 0n) < amount ? 'REVERT' : 'SUCCESS';
    const burnt = { energy: result === 'OUT_OF_ENERGY' ? mayBurn : energyBurn, net };
    if (balance < net) return refuse('BANDWITH_ERROR', 'Account resource insufficient error.');
    if (net === 0n) this.spendFreeBandwidth(from, TRANSFER_BYTES.token);
    this.trx.set(from, balance - burnt.energy - net);
    this.energyUsed.set(from, (this.energyUsed.get(from) ?? 0) + delegated);
    if (result === 'SUCCESS') {
      holders.set(from, holders.get(from)! - amount);
      holders.set(to, (holders.get(to) ?? 0n) + amount);
    }
    this.mine([{ txID, kind: 'token', from, to: contract, amount, token: { contract, to }, result, energy, timestamp, burnt }]);
    return { result: true, txid: txID };
  }

  /** What the bytes burn: nothing while the account's free bandwidth of the day covers them. */
  private bandwidthBurn(account: string, bytes: number): bigint {
    return FREE_NET_LIMIT - (this.netUsed.get(account) ?? 0) >= bytes ? 0n : BigInt(bytes * DOUBLE_CHAIN_PARAMETERS.getTransactionFee);
  }

  private spendFreeBandwidth(account: string, bytes: number): void {
    this.netUsed.set(account, (this.netUsed.get(account) ?? 0) + bytes);
  }

  /** TaPoS: the reference block is one of this chain's (its height's low two bytes and its id's bytes 8–15). */
  private onChain(raw: TronRaw): boolean {
    for (let n = this.head; n >= Math.max(0, this.head - 65_535); n--) {
      const ref = referenceOf(this.block(n, false)!);
      if (ref.refBlockBytes === raw.refBlockBytes && ref.refBlockHash === raw.refBlockHash) return true;
    }
    return false;
  }

  private blockId(n: number): string {
    const hash = crypto.createHash('sha256').update(`${this.seed}:${n}`).digest('hex');
    const id = n.toString(16).padStart(16, '0') + hash.slice(0, 48);
    // Tron's chain id is the last four bytes of the genesis block's id.
    return n === 0 ? id.slice(0, 56) + this.opts.chainId.toString(16).padStart(8, '0') : id;
  }

  private block(n: number, withTxs = true): TronBlock | null {
    if (n < 0 || n > this.head) return null;
    const block: TronBlock = {
      blockID: this.blockId(n),
      block_header: { raw_data: { number: n, parentHash: n === 0 ? '0'.repeat(64) : this.blockId(n - 1), timestamp: this.times[n]! } },
    };
    const txs = this.txs.get(n);
    if (withTxs && txs) block.transactions = txs.map(txJson);
    return block;
  }

  private transactionInfos(n: number): TronTransactionInfo[] {
    return (this.txs.get(n) ?? []).map((tx) => {
      const fees = tx.burnt
        ? { fee: Number(tx.burnt.energy + tx.burnt.net), fees: { energy_fee: Number(tx.burnt.energy), net_fee: Number(tx.burnt.net) } }
        : { fee: undefined, fees: {} };
      const base = { id: tx.txID, blockNumber: n, blockTimeStamp: this.times[n]!, contractResult: [''], ...(fees.fee ? { fee: fees.fee } : {}) };
      if (tx.kind === 'trx') return { ...base, receipt: { net_usage: TRANSFER_BYTES.trx, ...fees.fees } };
      const receipt = { energy_usage_total: tx.energy, net_usage: TRANSFER_BYTES.token, result: tx.result, ...fees.fees };
      if (tx.result !== 'SUCCESS') return { ...base, contract_address: tx.to, result: 'FAILED', receipt };
      const log = {
        address: tx.token!.contract.slice(2),
        topics: [TRANSFER_TOPIC, wordOfHex(tx.from), wordOfHex(tx.token!.to)],
        data: tx.amount.toString(16).padStart(64, '0'),
      };
      return { ...base, contract_address: tx.to, receipt, log: [log] };
    });
  }

  private answer(path: string, body: Record<string, unknown>): unknown {
    const visible = body.visible === true;
    const addr = (value: unknown): string | null =>
      typeof value !== 'string' ? null : visible ? hexOf(value) : /^41[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : null;
    const solid = Math.max(0, this.head - (this.opts.solidLag ?? 1));
    switch (path) {
      case '/wallet/getnowblock':
        return this.block(this.head);
      case '/walletsolidity/getnowblock':
        return this.block(solid);
      case '/wallet/getblockbynum':
        return this.block(Number(body.num)) ?? {};
      case '/wallet/getblockbylimitnext': {
        const start = Number(body.startNum);
        const end = Number(body.endNum);
        if (!(end > start) || end - start > 100)
          return { Error: 'class java.lang.IllegalArgumentException : startNum and endNum: 0 < endNum - startNum <= 100' };
        const blocks = [];
        for (let n = start; n < Math.min(end, this.head + 1); n++) blocks.push(this.block(n)!);
        return blocks.length ? { block: blocks } : {};
      }
      case '/wallet/gettransactioninfobyblocknum':
        return this.transactionInfos(Number(body.num));
      case '/wallet/getchainparameters':
        return { chainParameter: Object.entries(DOUBLE_CHAIN_PARAMETERS).map(([key, value]) => ({ key, value })) };
      case '/wallet/getaccount': {
        const a = addr(body.address);
        if (!a) return { Error: 'invalid address' };
        const balance = this.trx.get(a);
        if (balance === undefined) return {};
        return { address: visible ? base58Of(a) : a, balance: Number(balance), create_time: this.times[0] };
      }
      case '/wallet/getaccountresource': {
        const a = addr(body.address);
        if (!a) return { Error: 'invalid address' };
        const energy = this.energy.get(a);
        // Absent (undefined) fields are left out of the answer, as the node leaves out zeros.
        return { freeNetLimit: FREE_NET_LIMIT, freeNetUsed: this.netUsed.get(a), EnergyLimit: energy, EnergyUsed: this.energyUsed.get(a) };
      }
      case '/wallet/broadcasthex':
        return this.broadcast(String(body.transaction ?? ''));
      case '/wallet/gettransactioninfobyid': {
        const n = this.infos.get(String(body.value ?? ''));
        return n === undefined ? {} : this.transactionInfos(n).find((i) => i.id === body.value)!;
      }
      case '/wallet/triggerconstantcontract':
        return this.constantCall(addr(body.owner_address), addr(body.contract_address), String(body.function_selector ?? ''), String(body.parameter ?? ''));
      default:
        return undefined;
    }
  }

  private constantCall(owner: string | null, contract: string | null, selector: string, parameter: string): unknown {
    const token = contract && this.tokens.get(contract);
    const holders = contract && this.balances.get(contract);
    if (!token || !holders) return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: 'no contract at that address' } };
    const ok = (word: string, energy = 0) => ({ result: { result: true }, energy_used: energy, constant_result: [word] });
    switch (selector) {
      case 'balanceOf(address)':
        return ok((holders.get(`41${parameter.slice(24, 64)}`) ?? 0n).toString(16).padStart(64, '0'));
      case 'decimals()':
        return ok(token.decimals.toString(16).padStart(64, '0'));
      case 'symbol()':
        return ok(abiString(token.symbol));
      case 'transfer(address,uint256)': {
        const to = `41${parameter.slice(24, 64)}`;
        const amount = BigInt(`0x${parameter.slice(64, 128) || '0'}`);
        if (!owner || (holders.get(owner) ?? 0n) < amount) return { result: { code: 'CONTRACT_EXE_ERROR', message: 'REVERT opcode executed' }, energy_used: 0 };
        return ok('1'.padStart(64, '0'), (holders.get(to) ?? 0n) > 0n ? TRANSFER_ENERGY.toHolder : TRANSFER_ENERGY.toNewHolder);
      }
      default:
        return { result: { code: 'CONTRACT_EXE_ERROR', message: `the double does not know ${selector}` } };
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
    };
    let body: Record<string, unknown> = {};
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text) body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return send(400, { Error: 'body is not JSON' });
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      if (path === '/double/transfer') {
        const { from, to, amount, contract, viaContract } = body as { from?: string; to: string; amount: string; contract?: string; viaContract?: boolean };
        return send(200, this.transfer({ from, to, amount: BigInt(amount), contract, viaContract }));
      }
      if (path === '/double/delegate-energy') {
        this.delegateEnergy(String(body.address), Number(body.energy));
        return send(200, { ok: true });
      }
      const answer = this.answer(path, body);
      if (answer === undefined) return send(404, { Error: `the Tron double does not answer ${path}` });
      send(200, answer);
    } catch (err) {
      send(err instanceof DoubleError ? 400 : 500, { Error: (err as Error).message });
    }
  }
}

class DoubleError extends Error {}

function txJson(tx: DoubleTx): TronTransaction {
  const ret = [{ contractRet: tx.result }];
  if (tx.kind === 'trx') {
    return {
      txID: tx.txID,
      ret,
      raw_data: {
        contract: [{ type: 'TransferContract', parameter: { value: { amount: Number(tx.amount), owner_address: tx.from, to_address: tx.to } } }],
        timestamp: tx.timestamp,
      },
    };
  }
  const data = `a9059cbb${wordOfHex(tx.token!.to)}${tx.amount.toString(16).padStart(64, '0')}`;
  return {
    txID: tx.txID,
    ret,
    raw_data: {
      contract: [{ type: 'TriggerSmartContract', parameter: { value: { data, owner_address: tx.from, contract_address: tx.to } } }],
      timestamp: tx.timestamp,
    },
  };
}

function bigMin(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function wordOfHex(hex41: string): string {
  return wordOf(base58Of(hex41));
}

function abiString(s: string): string {
  const bytes = Buffer.from(s, 'utf8');
  return '20'.padStart(64, '0') + bytes.length.toString(16).padStart(64, '0') + bytes.toString('hex').padEnd(64, '0');
}

/** A stable address for a name (the double's contracts and accounts): 41 + 20 bytes of its hash. */
export function hexOfName(name: string): string {
  return `41${keccak256(toUtf8Bytes(`tron-double:${name}`)).slice(-40)}`;
}

/** The same, base58. */
export function addressOfName(name: string): string {
  return base58Of(hexOfName(name));
}
