import crypto from 'node:crypto';
import type http from 'node:http';
import { Address, beginCell, Cell, contractAddress, internal, SendMode, storeMessage, toNano, type Transaction, type TupleItem } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { DoubleServer } from '../double-server';
import type { WalletMessage } from '@topup/shared';
import type { TonBlock, TonTransaction } from './api';
import { jettonTransferBody, textComment } from './cells';
import { DOUBLE_FAUCET, DOUBLE_RECEIVING_WALLET, minterInit, type DoubleJetton } from './double-addresses';

/**
 * The TON double: TON Center's API v3 (the calls the adapter makes: masterchainInfo, blocks,
 * transactions, runGetMethod) over real HTTP, in front of TON's own emulator (@ton/sandbox), so the
 * transactions, messages, jetton contracts and get-methods are the chain's own and the adapter's requests
 * and parsing are the production ones. The sandbox has no blocks: the double makes a masterchain block
 * on a timer and one for every transfer (with the transactions it caused). It deploys the USDT jetton
 * (TEP-74's reference contracts) and a fake one that calls itself USDT, funds its faucet, and deploys the
 * development receiving wallet (a payment to an undeployed wallet fails its compute phase on TON too).
 * In memory only.
 */

export interface DoubleTransfer {
  to: string;
  /** Base units. */
  amount: bigint;
  /** A jetton's master; absent: Toncoin. */
  jetton?: string;
  /** The text comment (a jetton's forward payload); absent: none. */
  comment?: string;
}

interface DoubleBlock {
  seqno: number;
  rootHash: string;
  genUtime: number;
  txs: Transaction[];
}

export class TonDouble {
  private readonly http = new DoubleServer();
  private chain!: Blockchain;
  private faucet!: SandboxContract<TreasuryContract>;
  private readonly seed = crypto.randomBytes(8).toString('hex');
  private readonly blocks: DoubleBlock[] = [];
  /** Transfers run one at a time: each makes its own block. */
  private queue: Promise<unknown> = Promise.resolve();
  url = '';

  constructor(
    private readonly opts: {
      globalId: number;
      /** A block every this many milliseconds, on top of one per transfer. 0: only per transfer. */
      blockMs?: number;
      jettons: DoubleJetton[];
    },
  ) {}

  /** Deploys the wallets and jettons, then listens on 127.0.0.1:`port` (0: any free port). */
  async start(port = 0): Promise<string> {
    this.chain = await Blockchain.create();
    this.faucet = await this.chain.treasury('faucet', { balance: toNano('1000000000') });
    const receiving = await this.chain.treasury('receiving');
    if (!this.faucet.address.equals(Address.parse(DOUBLE_FAUCET)) || !receiving.address.equals(Address.parse(DOUBLE_RECEIVING_WALLET)))
      throw new Error("the sandbox's treasuries moved: update DOUBLE_FAUCET and DOUBLE_RECEIVING_WALLET");
    // A treasury's contract is deployed by its first message out, as a real wallet's is.
    this.mine((await receiving.send({ to: this.faucet.address, value: toNano('0.01') })).transactions);
    for (const j of this.opts.jettons) await this.deployJetton(j.name);
    this.url = await this.http.start({ port, handle: (req, res) => this.handle(req, res), blockMs: this.opts.blockMs ?? 1000, mine: () => this.mine([]) });
    return this.url;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  /** Makes the next masterchain block, holding `txs`; returns its seqno. */
  mine(txs: Transaction[]): number {
    const seqno = this.blocks.length;
    const rootHash = crypto.createHash('sha256').update(`${this.seed}:${seqno}`).digest('base64');
    this.blocks.push({ seqno, rootHash, genUtime: Math.floor(Date.now() / 1000), txs });
    return seqno;
  }

  get head(): number {
    return this.blocks.length - 1;
  }

  /** Sends Toncoin or jettons from the faucet, as a customer's wallet would; one block for all it causes. */
  transfer(t: DoubleTransfer): Promise<{ hash: string; seqno: number; from: string }> {
    const run = this.queue.then(() => this.send(t));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async send(t: DoubleTransfer): Promise<{ hash: string; seqno: number; from: string }> {
    if (t.amount <= 0n) throw new DoubleError('amount must be positive');
    let to: Address;
    try {
      to = Address.parse(t.to);
    } catch {
      throw new DoubleError(`${t.to} is not a TON address`);
    }
    const comment = t.comment ?? null;
    const result = t.jetton
      ? await this.faucet.send({
          to: await this.jettonWalletOf(Address.parse(t.jetton), this.faucet.address),
          value: toNano('0.1'),
          body: jettonTransferBody({ amount: t.amount, to, excessTo: this.faucet.address, comment }),
        })
      : await this.faucet.send({ to, value: t.amount, bounce: false, body: comment === null ? undefined : textComment(comment) });
    const seqno = this.mine(result.transactions);
    // The payment as the receiving side sees it: its transaction (Toncoin's, or the jetton's notification).
    const received = result.transactions.find((tx) => addressOf(tx).equals(to) && tx.inMessage?.info.type === 'internal');
    if (!received) throw new Error(`the transfer to ${t.to} reached no transaction of it`);
    return { hash: received.hash().toString('hex'), seqno, from: this.faucet.address.toString({ bounceable: false }) };
  }

  /** A customer's wallet on the double, by name (a sandbox treasury: deployed, with Toncoin to spend). */
  async wallet(name: string): Promise<Address> {
    return (await this.chain.treasury(name)).address;
  }

  /**
   * Sends a TON Connect transaction's messages from the wallet `name` in one external message, as a wallet
   * does when its owner approves it; answers that message's BoC (what the wallet answers the app) and the block.
   */
  sendFrom(name: string, messages: WalletMessage[]): Promise<{ boc: string; seqno: number }> {
    const run = this.queue.then(async () => {
      const wallet = await this.chain.treasury(name);
      const result = await wallet.sendMessages(
        messages.map((m) => {
          // A raw address says nothing of bouncing: bounceable, as for any contract.
          const to = Address.isFriendly(m.address) ? Address.parseFriendly(m.address) : { address: Address.parseRaw(m.address), isBounceable: true };
          return internal({ to: to.address, value: BigInt(m.amount), bounce: to.isBounceable, body: m.payload ? Cell.fromBase64(m.payload) : undefined });
        }),
        SendMode.PAY_GAS_SEPARATELY,
      );
      const external = result.transactions[0]?.inMessage;
      if (!external) throw new Error(`the wallet ${name} sent nothing`);
      return { boc: beginCell().store(storeMessage(external)).endCell().toBoc().toString('base64'), seqno: this.mine(result.transactions) };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async deployJetton(name: string): Promise<void> {
    const init = minterInit(name);
    const master = contractAddress(0, init);
    const mint = beginCell()
      .storeUint(21, 32)
      .storeUint(0, 64)
      .storeAddress(this.faucet.address)
      .storeCoins(toNano('0.05'))
      .storeRef(
        beginCell()
          .storeUint(0x178d4519, 32)
          .storeUint(0, 64)
          .storeCoins(10n ** 18n)
          .storeAddress(null)
          .storeAddress(null)
          .storeCoins(0)
          .storeBit(false)
          .endCell(),
      )
      .endCell();
    this.mine((await this.faucet.send({ to: master, value: toNano('0.2'), init, body: mint })).transactions);
  }

  private async jettonWalletOf(master: Address, owner: Address): Promise<Address> {
    const got = await this.chain.runGetMethod(master, 'get_wallet_address', [{ type: 'slice', cell: beginCell().storeAddress(owner).endCell() }]);
    return got.stackReader.readAddress();
  }

  private blockJson(b: DoubleBlock): TonBlock {
    return {
      workchain: -1,
      shard: '8000000000000000',
      seqno: b.seqno,
      root_hash: b.rootHash,
      file_hash: b.rootHash,
      global_id: this.opts.globalId,
      gen_utime: String(b.genUtime),
    };
  }

  private transactions(account: Address, limit: number, offset: number): TonTransaction[] {
    const own: TonTransaction[] = [];
    for (const b of this.blocks) for (const tx of b.txs) if (addressOf(tx).equals(account)) own.push(transactionJson(tx, b.seqno));
    return own.reverse().slice(offset, offset + limit);
  }

  private async runGetMethod(body: { address: string; method: string; stack: { type: string; value: string }[] }) {
    const args: TupleItem[] = body.stack.map((i) => {
      if (i.type === 'slice' || i.type === 'cell') return { type: i.type, cell: Cell.fromBase64(i.value) };
      if (i.type === 'num') return { type: 'int', value: BigInt(i.value) };
      throw new DoubleError(`the double does not take stack items of type ${i.type}`);
    });
    const got = await this.chain.runGetMethod(Address.parse(body.address), body.method, args);
    const stack = got.stack.map((i) => {
      if (i.type === 'cell' || i.type === 'slice') return { type: i.type, value: i.cell.toBoc().toString('base64') };
      if (i.type === 'int') return { type: 'num', value: `0x${i.value.toString(16)}` };
      return { type: i.type, value: '' };
    });
    return { gas_used: Number(got.gasUsed), exit_code: got.exitCode, stack };
  }

  private async answer(method: string, url: URL, body: Record<string, unknown>): Promise<unknown> {
    const q = url.searchParams;
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v3/masterchainInfo':
        return { first: this.blockJson(this.blocks[0]!), last: this.blockJson(this.blocks[this.head]!) };
      case 'GET /api/v3/blocks': {
        const b = q.get('workchain') === '-1' ? this.blocks[Number(q.get('seqno'))] : undefined;
        return { blocks: b ? [this.blockJson(b)] : [] };
      }
      case 'GET /api/v3/transactions': {
        if (q.get('sort') !== 'desc') throw new DoubleError('the double answers sort=desc only');
        return {
          transactions: this.transactions(Address.parse(q.get('account') ?? ''), Number(q.get('limit') ?? 10), Number(q.get('offset') ?? 0)),
          address_book: {},
        };
      }
      case 'POST /api/v3/runGetMethod':
        return this.runGetMethod(body as { address: string; method: string; stack: { type: string; value: string }[] });
      case 'POST /double/wallet':
        return { address: (await this.wallet(String(body.name))).toRawString() };
      case 'POST /double/send':
        return this.sendFrom(String(body.wallet), body.messages as WalletMessage[]);
      case 'POST /double/transfer': {
        const t = body as { to: string; amount: string; jetton?: string; comment?: string };
        return this.transfer({ to: t.to, amount: BigInt(t.amount), jetton: t.jetton, comment: t.comment });
      }
      default:
        return undefined;
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      const answer = await this.answer(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x'), text ? (JSON.parse(text) as Record<string, unknown>) : {});
      if (answer === undefined) return send(404, { error: `the TON double does not answer ${req.method} ${req.url}` });
      send(200, answer);
    } catch (err) {
      send(err instanceof DoubleError || err instanceof SyntaxError ? 400 : 500, { error: (err as Error).message });
    }
  }
}

class DoubleError extends Error {}

function addressOf(tx: Transaction): Address {
  return new Address(0, Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex'));
}

/** A sandbox transaction as TON Center v3 shows it. */
function transactionJson(tx: Transaction, mcSeqno: number): TonTransaction {
  const m = tx.inMessage;
  const d = tx.description;
  const generic = d.type === 'generic' ? d : null;
  const compute = generic?.computePhase;
  const internal = m?.info.type === 'internal' ? m.info : null;
  const body = m?.body;
  const op = body && body.bits.length >= 32 ? body.beginParse().preloadUint(32) : null;
  return {
    account: addressOf(tx).toRawString().toUpperCase(),
    hash: tx.hash().toString('base64'),
    lt: tx.lt.toString(),
    now: tx.now,
    mc_block_seqno: mcSeqno,
    description: {
      aborted: generic?.aborted ?? false,
      compute_ph: compute?.type === 'vm' ? { skipped: false, success: compute.success, exit_code: compute.exitCode } : { skipped: true },
    },
    in_msg: m
      ? {
          hash: m.body.hash().toString('base64'),
          source: internal ? internal.src.toRawString().toUpperCase() : null,
          destination: internal ? internal.dest.toRawString().toUpperCase() : null,
          value: internal ? internal.value.coins.toString() : null,
          opcode: op === null ? null : `0x${op.toString(16).padStart(8, '0')}`,
          bounce: internal?.bounce ?? null,
          bounced: internal?.bounced ?? null,
          message_content: {
            hash: m.body.hash().toString('base64'),
            body: m.body.toBoc().toString('base64'),
            decoded: op === 0 ? { type: 'text_comment', comment: m.body.beginParse().skip(32).loadStringTail() } : null,
          },
        }
      : null,
  };
}
