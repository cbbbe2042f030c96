import { eq } from 'drizzle-orm';
import type { TWalletTransaction } from '@topup/shared';
import { isCryptoOrder, orders } from '../../db/schema';
import { AppError } from '../errors';
import type { OrderDeps } from './deps';
import { assertOwner, type OwnerProof } from './ownership';
import type { OrderStories } from './story';

export interface WalletTransactionRequest {
  /** The order's id or payment id. */
  ref: number | string;
  /** The address of the wallet the customer connected. */
  payer: string;
  proof: OwnerProof;
}

/**
 * The transaction the wallet the customer connected (TON Connect) is asked to send: what the payment screen
 * asks for now (the whole amount, or the rest after a partial payment), built by the network's chain
 * family for this payer. Only the owner may ask: the answer is the order's address, amount and memo.
 */
export async function walletTransaction(
  deps: Pick<OrderDeps, 'db' | 'tokens' | 'chains'>,
  stories: OrderStories,
  r: WalletTransactionRequest,
): Promise<TWalletTransaction> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(typeof r.ref === 'number' ? eq(orders.id, r.ref) : eq(orders.paymentId, r.ref));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  assertOwner(order, r.proof, deps.tokens, 'pay it from a connected wallet');
  const facts = await stories.factsOf(order);
  const toPay = stories.toPay(facts, stories.display(facts));
  if (!toPay || !isCryptoOrder(order)) throw new AppError('INVALID_STATE', 'The order is not waiting for a payment.');
  if (!toPay.walletLinks.tonConnect) throw new AppError('INVALID_STATE', `${toPay.coin} is not paid from a connected wallet: send it from your wallet app.`);
  const { network, payment } = stories.orderPayment(order, BigInt(toPay.amountBaseUnits));
  const transaction = await deps.chains.walletTransaction(network, payment, r.payer);
  if (!transaction) throw new AppError('VALIDATION_ERROR', `The connected wallet's address is not an address of ${toPay.networkLabel}.`);
  return transaction;
}
