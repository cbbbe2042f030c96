import type { TBalanceOrderCreated, TCoinSymbol, TPaymentCreated, TPaymentStatus, TValidatePhoneResponse } from '@topup/shared';
import { isFinalStatus, STATUS_POLL_MS } from '../shared';
import { apiRequest, authHeaders, loadSchemas, randomKey } from './client';

/** Spec section 5: the server checks the number, sent with '+' and the dial code when it has no '+'. */
export function internationalNumber(dialCode: string, phone: string): string {
  const digits = phone.trim().replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) return digits;
  const prefix = dialCode.startsWith('+') ? dialCode : `+${dialCode}`;
  return `${prefix}${digits}`;
}

export function validatePhone(phoneNumber: string, countryCode: string): Promise<TValidatePhoneResponse> {
  return apiRequest('/api/validate/phone', (s) => s.ZValidatePhoneResponse, { method: 'POST', body: { phoneNumber, countryCode } });
}

/**
 * The server's check of a number before payment: its error message, or null when the number is valid
 * or when the check itself fails (spec: the flow then proceeds).
 */
export async function checkPhone(phoneNumber: string, countryCode: string): Promise<string | null> {
  try {
    const result = await validatePhone(phoneNumber, countryCode);
    return result.valid ? null : result.error || 'Invalid phone number format';
  } catch (err) {
    console.error('phone validation failed', err);
    return null;
  }
}

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

/**
 * What proves the payment is ours when leaving it: its order token, sent in the body too (a beacon can
 * send no header, and the mini-app keeps no token list); the payment id alone proves nothing.
 */
type LeavingPayment = Pick<TPaymentCreated, 'paymentId' | 'orderToken'>;

/** CANCEL on the payment overlay (spec: orderId, paymentId, amount, cryptocurrency, transactionType). Errors are only logged. */
export async function cancelTransaction(payment: LeavingPayment & Pick<TPaymentCreated, 'orderId' | 'cryptoAmount' | 'cryptocurrency'>): Promise<void> {
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
    });
  } catch (err) {
    console.error('cancel-transaction failed', err);
  }
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

export function paymentStatus(orderId: number, signal?: AbortSignal): Promise<TPaymentStatus> {
  return apiRequest(`/api/payment-status/${orderId}`, (s) => s.ZPaymentStatus, { signal });
}

/**
 * Live status of a payment: the API's Server-Sent Events (event `status`), read with fetch so the init
 * data header goes along (EventSource cannot send headers). After two failed connections in a row it
 * falls back to the spec's polling every 5 s. Stops by itself once the order is final.
 */
export function watchPayment(ref: { orderId: number; paymentId: string }, onStatus: (status: TPaymentStatus) => void): () => void {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => {
    done = true;
    abort.abort();
    clearTimeout(timer);
  };
  const deliver = (status: TPaymentStatus) => {
    if (done) return;
    onStatus(status);
    if (isFinalStatus(status.status)) stop();
  };
  const poll = async () => {
    try {
      deliver(await paymentStatus(ref.orderId, abort.signal));
    } catch (err) {
      if (!done) console.error('payment status poll failed', err);
    }
    if (!done) timer = setTimeout(poll, STATUS_POLL_MS);
  };
  const stream = async () => {
    const { ZPaymentStatus } = await loadSchemas();
    let failures = 0;
    while (!done) {
      let received = false;
      try {
        const res = await fetch(`/api/orders/${ref.paymentId}/events`, {
          headers: { accept: 'text/event-stream', ...authHeaders() },
          signal: abort.signal,
          cache: 'no-store',
        });
        if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
        await readServerSentEvents(res.body, (event, data) => {
          if (event !== 'status') return;
          received = true;
          deliver(ZPaymentStatus.parse(JSON.parse(data)));
        });
      } catch (err) {
        if (done) return;
        console.error('payment events failed', err);
      }
      failures = received ? 0 : failures + 1;
      if (failures >= 2) return void poll();
      await new Promise((resolve) => (timer = setTimeout(resolve, 3000)));
    }
  };
  void stream();
  return stop;
}

/** Reads an event stream until it ends, calling `onEvent` for each event with data. */
export async function readServerSentEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) onEvent(event, data.join('\n'));
    }
  }
}
