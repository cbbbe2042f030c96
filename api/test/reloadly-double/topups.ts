import { centsToDollars } from '@topup/shared';
import { fixture, OPERATORS } from './fixtures';
import type { DoubleTransaction, ReloadlyDoubleState } from './types';
import { error, notFound, now, page, type Reply } from './wire';

/**
 * The double's money endpoints: the account balance, top-ups (checked as Reloadly checks them: the
 * operator, the recipient, the amount, the balance, a custom identifier used once), their status and
 * the transaction report. Null for any other call. Balance and top-ups are kept in integer cents.
 */
export function topupReply(
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
  state: ReloadlyDoubleState,
  newId: () => number,
): Reply | null {
  if (method === 'GET' && path === '/accounts/balance') {
    return { status: 200, body: { balance: centsToDollars(state.balanceCents), currencyCode: 'USD', currencyName: 'US Dollar', updatedAt: now() } };
  }
  if (method === 'POST' && path === '/topups-async') return topup(body, state, newId);
  if (method === 'GET' && path === '/topups/reports/transactions') {
    const listed = state.transactions.filter((t) => Date.now() - t.createdAt >= state.reportLagMs);
    const rows = listed.filter((t) => !query.customIdentifier || t.customIdentifier === query.customIdentifier);
    return { status: 200, body: page(rows.map(reportRow), query, state.maxPageSize) };
  }
  const match = method === 'GET' ? /^\/topups\/(\d+)\/status$/.exec(path) : null;
  return match ? status(Number(match[1]), path, state) : null;
}

function topup(body: unknown, state: ReloadlyDoubleState, newId: () => number): Reply {
  const request = (body ?? {}) as {
    operatorId?: unknown;
    amount?: unknown;
    customIdentifier?: unknown;
    recipientPhone?: { countryCode?: unknown; number?: unknown };
  };
  const path = '/topups-async';
  const found = OPERATORS.find((o) => o.operator.operatorId === Number(request.operatorId))?.operator;
  if (!found) return error(400, 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE', 'Operator is unavailable or currently inactive', path);
  const phone = request.recipientPhone;
  if (typeof phone?.number !== 'string' || !/^\d{4,15}$/.test(phone.number) || phone.countryCode !== found.country.isoName) {
    return error(400, 'INVALID_RECIPIENT_PHONE', 'Recipient phone number is not valid', path);
  }
  const amountCents = Math.round(Number(request.amount) * 100);
  if (!acceptsAmount(found, amountCents)) return error(400, 'INVALID_AMOUNT_FOR_OPERATOR', 'The amount is not valid for this operator', path);
  if (amountCents > state.balanceCents) return error(400, 'INSUFFICIENT_BALANCE', 'Your balance is not sufficient for this transaction', path);
  const customIdentifier = typeof request.customIdentifier === 'string' ? request.customIdentifier : null;
  // Reloadly records a custom identifier with every accepted top-up and refuses it afterwards.
  if (customIdentifier && state.transactions.some((t) => t.customIdentifier === customIdentifier)) {
    return error(400, 'CUSTOM_IDENTIFIER_ALREADY_USED', 'Custom identifier has already been used', path);
  }
  state.balanceCents -= amountCents;
  const transaction: DoubleTransaction = {
    transactionId: newId(),
    status: 'PROCESSING',
    customIdentifier,
    operatorId: found.operatorId,
    amountCents,
    recipientPhone: { countryCode: phone.countryCode, number: phone.number },
    failure: null,
    pinDetail: null,
    createdAt: Date.now(),
  };
  state.transactions.push(transaction);
  return { status: 200, body: { transactionId: transaction.transactionId } };
}

function status(transactionId: number, path: string, state: ReloadlyDoubleState): Reply {
  const transaction = state.transactions.find((t) => t.transactionId === transactionId);
  if (!transaction) return notFound(path);
  const row = reportRow(transaction);
  if (state.statusShape === 'flat') return { status: 200, body: row };
  return {
    status: 200,
    body: { code: transaction.failure?.code ?? null, message: transaction.failure?.message ?? null, status: transaction.status, transaction: row },
  };
}

/** A transaction as the status and report endpoints show it. */
function reportRow(t: DoubleTransaction) {
  const found = fixture(t.operatorId);
  const delivered = t.status === 'SUCCESSFUL' ? deliveredAmount(t) : null;
  return {
    transactionId: t.transactionId,
    status: t.status,
    operatorTransactionId: t.status === 'SUCCESSFUL' ? `OP-${t.transactionId}` : null,
    customIdentifier: t.customIdentifier,
    recipientPhone: t.recipientPhone.number,
    recipientEmail: null,
    senderPhone: null,
    countryCode: t.recipientPhone.countryCode,
    operatorId: t.operatorId,
    operatorName: found.name,
    discount: 0,
    discountCurrencyCode: 'USD',
    requestedAmount: centsToDollars(t.amountCents),
    requestedAmountCurrencyCode: 'USD',
    deliveredAmount: delivered,
    deliveredAmountCurrencyCode: delivered === null ? null : found.destinationCurrencyCode,
    transactionDate: now(),
    pinDetail: t.status === 'SUCCESSFUL' ? t.pinDetail : null,
    balanceInfo: null,
  };
}

function deliveredAmount(t: DoubleTransaction): number {
  const found = fixture(t.operatorId);
  const fixed = (found.fixedAmounts as number[]).slice().sort((a, b) => a - b);
  const local = (found.localFixedAmounts as number[]).slice().sort((a, b) => a - b);
  const index = fixed.findIndex((amount) => Math.round(amount * 100) === t.amountCents);
  if (index >= 0) return local[index] ?? 0;
  return Number((centsToDollars(t.amountCents) * (found.fx as { rate: number }).rate).toFixed(2));
}

function acceptsAmount(o: Record<string, unknown>, cents: number): boolean {
  if (o.denominationType === 'FIXED') return (o.fixedAmounts as number[]).some((amount) => Math.round(amount * 100) === cents);
  return cents >= Math.ceil((o.minAmount as number) * 100) && cents <= Math.floor((o.maxAmount as number) * 100);
}
