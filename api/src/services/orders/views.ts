import {
  centsToDollars,
  CHAINS,
  type ChainRegistry,
  formatCryptoAmount,
  formatUnits,
  type TBalanceOrderCreated,
  type TOrderDisplay,
  ZOrderDisplay,
  type TOrderView,
  type TPaymentCreated,
  type TPaymentStatus,
} from '@topup/shared';
import { isCryptoOrder, type CryptoOrderRow, type OrderRow } from '../../db/schema';
import type { OrderDeps } from './deps';
import type { OrderStories } from './story';

/** How an order is shown to the customer who made it: the answers of creation and of the status calls. */
export class OrderViews {
  constructor(private readonly deps: Pick<OrderDeps, 'balances' | 'tokens' | 'chains'> & { stories: OrderStories }) {}

  paymentCreated(order: CryptoOrderRow): TPaymentCreated {
    const { registry } = this.deps.chains;
    const coin = registry.requireCoin(order.coin);
    const units = BigInt(order.cryptoAmount);
    const links = this.walletLinks(order);
    return {
      success: true,
      paymentId: order.paymentId,
      orderId: order.id,
      orderToken: this.deps.tokens.issue(order.paymentId),
      status: order.status,
      walletAddress: order.depositAddress,
      memo: order.depositMemo,
      cryptoAmount: formatCryptoAmount(units, coin.decimals),
      cryptoAmountBaseUnits: units.toString(),
      cryptocurrency: coin.symbol,
      network: coin.network,
      networkLabel: registry.network(coin.network)!.label,
      chainId: order.chainId,
      tokenContract: order.tokenContract,
      decimals: coin.decimals,
      paymentUri: links.uri,
      walletLinks: links,
      amount: centsToDollars(order.amountCents),
      serviceFee: centsToDollars(order.feeCents),
      totalAmount: centsToDollars(order.totalCents),
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
    };
  }

  /** The links that open a wallet with the order's payment: its amount, to its deposit address. */
  private walletLinks(order: CryptoOrderRow) {
    return this.deps.stories.walletLinks(order, BigInt(order.cryptoAmount));
  }

  async balanceOrderCreated(order: OrderRow): Promise<TBalanceOrderCreated> {
    return {
      success: true,
      paymentMethod: 'balance',
      paymentId: order.paymentId,
      orderId: order.id,
      orderToken: this.deps.tokens.issue(order.paymentId),
      status: order.status,
      amount: centsToDollars(order.amountCents),
      serviceFee: centsToDollars(order.feeCents),
      totalAmount: centsToDollars(order.totalCents),
      balance: centsToDollars(await this.deps.balances.balanceCents(order.customerId!)),
      createdAt: order.createdAt.toISOString(),
    };
  }

  /** The answer to an order's creation, also when a retried request replays it. */
  created(order: OrderRow): TPaymentCreated | Promise<TBalanceOrderCreated> {
    return isCryptoOrder(order) ? this.paymentCreated(order) : this.balanceOrderCreated(order);
  }

  /**
   * The status calls' answer: status, what was received and what remains, confirmations, the display
   * state and what to send now. Read from the order's facts (OrderStories), as its story is.
   */
  async status(order: OrderRow): Promise<TPaymentStatus> {
    const facts = await this.deps.stories.factsOf(order);
    const display = this.deps.stories.display(facts);
    const base = {
      success: true as const,
      orderId: order.id,
      paymentId: order.paymentId,
      status: order.status,
      paymentMethod: order.paymentMethod,
      providerTransactionId: order.providerTransactionId,
      reloadlyTransactionId: order.providerTransactionId,
      expiresAt: order.expiresAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      display: ZOrderDisplay.encode(display),
      toPay: this.deps.stories.toPay(facts, display),
    };
    if (!isCryptoOrder(order)) {
      return {
        ...base,
        cryptocurrency: null,
        walletAddress: null,
        network: null,
        chainId: null,
        tokenContract: null,
        cryptoAmount: null,
        cryptoAmountBaseUnits: null,
        paymentUri: null,
        walletLinks: null,
        receivedAmount: null,
        remainingAmount: null,
        confirmations: 0,
        requiredConfirmations: 0,
      };
    }
    const coin = this.deps.chains.registry.requireCoin(order.coin);
    const own = facts.payments.filter((p) => p.status !== 'removed' && p.coin === order.coin);
    const expected = BigInt(order.cryptoAmount);
    const got = own.reduce((sum, p) => sum + BigInt(p.amount), 0n);
    const remaining = got >= expected ? 0n : expected - got;
    const links = this.walletLinks(order);
    return {
      ...base,
      cryptocurrency: coin.symbol,
      walletAddress: order.depositAddress,
      memo: order.depositMemo,
      network: coin.network,
      chainId: order.chainId,
      tokenContract: order.tokenContract,
      cryptoAmount: formatCryptoAmount(expected, coin.decimals),
      cryptoAmountBaseUnits: expected.toString(),
      paymentUri: links.uri,
      walletLinks: links,
      receivedAmount: formatUnits(got, coin.decimals),
      remainingAmount: formatUnits(remaining, coin.decimals),
      confirmations: own.length ? Math.min(...own.map((p) => p.confirmations)) : 0,
      requiredConfirmations: this.deps.chains.networks[coin.network]?.confirmations ?? 1,
    };
  }

  /** Orders as a list shows them, each with its display state (read for all of them at once). */
  async list(rows: OrderRow[]): Promise<TOrderView[]> {
    const displays = await this.deps.stories.displays(rows);
    return rows.map((r) => orderView(r, displays.get(r.id)!, this.deps.chains.registry));
  }
}

/** An order in a list (the customer's history, the admin's orders), with its display state (OrderStories). */
export function orderView(order: OrderRow, display: TOrderDisplay, registry: ChainRegistry = CHAINS): TOrderView {
  const coin = order.coin ? (registry.coin(order.coin) ?? null) : null;
  return {
    id: order.id,
    paymentId: order.paymentId,
    transactionId: order.providerTransactionId,
    status: order.status,
    kind: order.kind,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    phoneNumber: order.phoneNumber,
    amount: centsToDollars(order.amountCents),
    serviceFee: centsToDollars(order.feeCents),
    totalAmount: centsToDollars(order.totalCents),
    cryptocurrency: coin?.symbol ?? null,
    cryptoAmount: coin && order.cryptoAmount ? formatCryptoAmount(BigInt(order.cryptoAmount), coin.decimals) : null,
    walletAddress: order.depositAddress,
    countryId: order.countryId,
    countryCode: order.countryCode,
    operatorId: order.operatorId,
    operatorName: order.operatorName,
    email: order.email,
    expiresAt: order.expiresAt.toISOString(),
    display: ZOrderDisplay.encode(display),
  };
}
