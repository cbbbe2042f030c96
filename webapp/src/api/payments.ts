/**
 * Creating an order and following its payment: the calls a checkout needs once the choices are made.
 * Loaded on demand (see wizard/useCheckout.ts), so a surface's first screen does not carry them.
 */
import type {
  TBalanceOrderCreated,
  TCoinSymbol,
  TOpenOrder,
  TOperatorMismatchDetails,
  TPaymentCreated,
  TPaymentStatus,
  TWalletTransaction,
} from '@topup/shared';
import { isFinalStatus, STATUS_POLL_MS, STREAM_SILENCE_MS } from '../shared';
import { ApiError, apiRequest, loadSchemas, randomKey } from './client';

/** The spec's Telegram payload (countryId, operatorId, amount, phoneNumber, customerEmail) plus the coin chosen. */
export interface CryptoPaymentInput {
  /** Absent for a balance top-up (phoneNumber 'balance_topup'). */
  countryId?: number;
  operatorId?: number;
  amount: number;
  phoneNumber: string;
  customerEmail?: string;
  email?: string;
  cryptoCurrency: TCoinSymbol;
  serviceType?: 'airtime' | 'data';
}

export function createCryptoPayment(input: CryptoPaymentInput, idempotencyKey = randomKey()): Promise<TPaymentCreated> {
  return apiRequest('/api/crypto-payment', (s) => s.ZPaymentCreated, { method: 'POST', body: input, headers: { 'idempotency-key': idempotencyKey } });
}

/** The same order paid from the signed-in customer's balance (`paymentMethod: 'balance'`): no chain payment. */
export function createBalancePayment(input: Omit<CryptoPaymentInput, 'cryptoCurrency'>, idempotencyKey = randomKey()): Promise<TBalanceOrderCreated> {
  return apiRequest('/api/crypto-payment', (s) => s.ZBalanceOrderCreated, {
    method: 'POST',
    body: { ...input, paymentMethod: 'balance' },
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** The compact flow's payload (spec section 7, POST /api/create-payment). */
export interface CompactPaymentInput {
  phoneNumber: string;
  operatorId: number;
  amount: number;
  currency: TCoinSymbol;
}

export function createCompactPayment(input: CompactPaymentInput, idempotencyKey = randomKey()): Promise<TPaymentCreated> {
  return apiRequest('/api/create-payment', (s) => s.ZPaymentCreated, { method: 'POST', body: input, headers: { 'idempotency-key': idempotencyKey } });
}

/** The transaction the wallet connected through TON Connect sends to pay the order, built for that wallet (`payer`, its address). */
export function walletTransaction(paymentId: string, payer: string): Promise<TWalletTransaction> {
  return apiRequest(`/api/orders/${encodeURIComponent(paymentId)}/wallet-transaction`, (s) => s.ZWalletTransaction, { method: 'POST', body: { payer } });
}

/**
 * What proves the payment is ours when leaving it: its order token, sent in the body too (a beacon can
 * send no header, and the mini-app keeps no token list); the payment id alone proves nothing.
 */
type LeavingPayment = Pick<TPaymentCreated, 'paymentId' | 'orderToken'>;

/**
 * CANCEL on the payment overlay (spec: orderId, paymentId, amount, cryptocurrency, transactionType).
 * Resolves with the server's reason when it refuses (409: funds arrived, and what happens to them);
 * other errors are only logged.
 */
export async function cancelTransaction(
  payment: LeavingPayment & Pick<TPaymentCreated, 'orderId' | 'cryptoAmount' | 'cryptocurrency'>,
): Promise<string | null> {
  try {
    await apiRequest('/api/cancel-transaction', (s) => s.ZCancelResponse, {
      method: 'POST',
      body: {
        orderId: payment.orderId,
        paymentId: payment.paymentId,
        amount: payment.cryptoAmount,
        cryptocurrency: payment.cryptocurrency,
        transactionType: 'recharge',
        orderToken: payment.orderToken,
      },
      expected: [409],
    });
    return null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return err.serverMessage ?? err.message;
    console.error('cancel-transaction failed', err);
    return null;
  }
}

/** GET /api/orders/open: the caller's newest unfinished order (`orderToken`: one this browser kept). */
export function openOrder(orderToken: string | null): Promise<TOpenOrder> {
  return apiRequest('/api/orders/open', (s) => s.ZOpenOrder, { headers: orderToken ? { 'x-order-token': orderToken } : {} });
}

/** The customer leaves an unpaid payment (Back, CANCEL): its address is released. Errors are only logged. */
export async function releaseWallet(payment: LeavingPayment & Pick<TPaymentCreated, 'cryptocurrency'>): Promise<void> {
  try {
    const { paymentId, cryptocurrency, orderToken } = payment;
    await apiRequest('/api/release-wallet', (s) => s.ZCancelResponse, { method: 'POST', body: { paymentId, cryptocurrency, orderToken } });
  } catch (err) {
    console.error('release-wallet failed', err);
  }
}

/** The page is going away with an unpaid payment: a beacon (text/plain, no headers possible) still gets out. */
export function autoCancelBeacon(payment: LeavingPayment): void {
  const body = new Blob([JSON.stringify({ paymentId: payment.paymentId, orderToken: payment.orderToken })], { type: 'text/plain' });
  if (!navigator.sendBeacon?.('/api/auto-cancel-order', body)) {
    void fetch('/api/auto-cancel-order', { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => undefined);
  }
}

/**
 * The status by order number answers only the order's owner: the payment's own order token goes along
 * (the mini-app's init data and the site's session ride on every call too).
 */
export function paymentStatus(ref: Pick<TPaymentCreated, 'orderId' | 'orderToken'>, signal?: AbortSignal): Promise<TPaymentStatus> {
  return apiRequest(`/api/payment-status/${ref.orderId}`, (s) => s.ZPaymentStatus, { signal, headers: { 'x-order-token': ref.orderToken } });
}

/** How long a stream that went silent is replaced by polling before it is tried again. */
export const STREAM_RETRY_MS = 60_000;

/**
 * Live status of a payment: the API's Server-Sent Events (`status` on every change, `ping` every
 * STREAM_HEARTBEAT_MS). A stream that fails twice in a row, or says nothing at all for
 * STREAM_SILENCE_MS, is closed: the status is polled every STATUS_POLL_MS (the spec's 5 s) and the
 * stream tried again STREAM_RETRY_MS later; polling stops once a stream speaks again. Stops by itself
 * once the order is final.
 */
export function watchPayment(ref: Pick<TPaymentCreated, 'orderId' | 'paymentId' | 'orderToken'>, onStatus: (status: TPaymentStatus) => void): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let silence: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let nextPoll: ReturnType<typeof setTimeout> | undefined;
  let polling: AbortController | null = null;

  const deliver = (status: TPaymentStatus) => {
    if (stopped) return;
    onStatus(status);
    if (isFinalStatus(status.status)) stop();
  };
  const closeStream = () => {
    source?.close();
    source = null;
    clearTimeout(silence);
  };
  const stopPolling = () => {
    polling?.abort();
    polling = null;
    clearTimeout(nextPoll);
  };
  const stop = () => {
    stopped = true;
    closeStream();
    stopPolling();
    clearTimeout(retry);
  };

  const poll = async (abort: AbortController) => {
    try {
      deliver(await paymentStatus(ref, abort.signal));
    } catch (err) {
      if (!abort.signal.aborted) console.error('payment status poll failed', err);
    }
    if (polling === abort && !stopped) nextPoll = setTimeout(() => void poll(abort), STATUS_POLL_MS);
  };
  const fallBack = () => {
    closeStream();
    if (!polling) void poll((polling = new AbortController()));
    clearTimeout(retry);
    retry = setTimeout(openStream, STREAM_RETRY_MS);
  };

  function openStream() {
    if (stopped) return;
    const stream = new EventSource(`/api/orders/${encodeURIComponent(ref.paymentId)}/events`);
    source = stream;
    let failures = 0;
    const expectMore = () => {
      clearTimeout(silence);
      silence = setTimeout(fallBack, STREAM_SILENCE_MS);
    };
    const alive = () => {
      failures = 0;
      stopPolling();
      expectMore();
    };
    stream.addEventListener('ping', alive);
    stream.addEventListener('status', (event) => {
      alive();
      void loadSchemas()
        .then(({ ZPaymentStatus }) => deliver(ZPaymentStatus.parse(JSON.parse((event as MessageEvent<string>).data))))
        .catch((err: unknown) => console.error('payment status event unreadable', err));
    });
    // EventSource reconnects by itself after an error, unless the answer was no event stream at all.
    stream.addEventListener('error', () => {
      if (stream.readyState === EventSource.CLOSED || ++failures >= 2) fallBack();
    });
    expectMore();
  }

  openStream();
  return stop;
}

/** The operator an OPERATOR_MISMATCH refusal names (its `details`, read with the contract's schema); null for any other failure. */
export async function operatorMismatchOf(err: unknown): Promise<TOperatorMismatchDetails | null> {
  if (!(err instanceof ApiError) || err.code !== 'OPERATOR_MISMATCH') return null;
  const parsed = (await loadSchemas()).ZOperatorMismatchDetails.safeParse(err.details);
  return parsed.success ? parsed.data : null;
}
