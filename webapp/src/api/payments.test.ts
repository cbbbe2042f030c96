import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPaymentStatus } from '@topup/shared';
import { STATUS_POLL_MS, STREAM_HEARTBEAT_MS, STREAM_SILENCE_MS } from '../shared';
import { ApiError, loadSchemas } from './client';
import { operatorMismatchOf, STREAM_RETRY_MS, watchPayment } from './payments';

/** An EventSource that the test drives: it says what the server would send. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  send(event: 'status' | 'ping', data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
  /** A failed connection: `closed` when the answer was no event stream (EventSource gives up). */
  fail(closed = false) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  get closed() {
    return this.readyState === FakeEventSource.CLOSED;
  }
}

const status = (s: TPaymentStatus['status']): TPaymentStatus => ({
  success: true,
  orderId: 7,
  paymentId: 'pay_abcdefghijklmnop',
  status: s,
  paymentMethod: 'crypto',
  providerTransactionId: null,
  reloadlyTransactionId: null,
  cryptocurrency: 'USDT',
  walletAddress: '0x0000000000000000000000000000000000000001',
  network: 'ethereum',
  chainId: 1,
  tokenContract: null,
  cryptoAmount: '11',
  cryptoAmountBaseUnits: '11000000',
  paymentUri: null,
  walletLinks: null,
  receivedAmount: null,
  remainingAmount: null,
  confirmations: 0,
  requiredConfirmations: 1,
  expiresAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  display: {
    state: 'awaiting_payment',
    sub: null,
    coin: 'USDT',
    due: '11',
    received: '0',
    remaining: '11',
    deadline: '2030-01-01T00:00:00.000Z',
    confirmations: null,
    credit: null,
    flags: { wrongCoin: false, overpaid: false },
  },
  toPay: null,
});

let polled: string[];
let pollTokens: (string | undefined)[];
let pollAnswer: TPaymentStatus;
const seen: string[] = [];
/** Lets the schemas chunk load and the callbacks run without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0).then(() => new Promise((resolve) => setImmediate(resolve)));

// The schemas chunk, loaded once before the clock is faked.
beforeAll(async () => {
  await loadSchemas();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakeEventSource.opened = [];
  polled = [];
  pollTokens = [];
  seen.length = 0;
  pollAnswer = status('pending_crypto_payment');
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    polled.push(url);
    pollTokens.push((init?.headers as Record<string, string> | undefined)?.['x-order-token']);
    return new Response(JSON.stringify(pollAnswer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const watch = () => watchPayment({ orderId: 7, paymentId: 'pay_abcdefghijklmnop', orderToken: 'pay_abcdefghijklmnop.sig' }, (s) => seen.push(s.status));

describe('live payment status', () => {
  it('reads the stream; its pings keep it open, without any polling', async () => {
    const stop = watch();
    const [stream] = FakeEventSource.opened;
    expect(stream!.url).toBe('/api/orders/pay_abcdefghijklmnop/events');
    stream!.send('status', status('pending_crypto_payment'));
    await settle();
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(STREAM_HEARTBEAT_MS);
      stream!.send('ping', {});
    }
    stream!.send('status', status('confirming'));
    await settle();
    expect(seen).toEqual(['pending_crypto_payment', 'confirming']);
    expect(stream!.closed).toBe(false);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(polled).toEqual([]);
    stop();
    expect(stream!.closed).toBe(true);
  });

  it('treats a silent stream as dead: polls every 5 s, tries the stream again later, and stops polling when it speaks', async () => {
    const stop = watch();
    const [first] = FakeEventSource.opened;
    first!.send('status', status('pending_crypto_payment'));
    await settle();
    // Nothing more, not even a ping: the stream is closed and the status polled at once.
    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS - 1);
    expect(first!.closed).toBe(false);
    expect(polled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(first!.closed).toBe(true);
    expect(polled).toEqual(['/api/payment-status/7']);
    // The status by number answers the order's owner only: the payment's own token goes along.
    expect(pollTokens).toEqual(['pay_abcdefghijklmnop.sig']);
    pollAnswer = status('confirming');
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    await settle();
    expect(polled).toHaveLength(2);
    expect(seen).toEqual(['pending_crypto_payment', 'pending_crypto_payment', 'confirming']);

    // Later the stream is tried again; polling goes on until it speaks.
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS - STATUS_POLL_MS);
    await settle();
    expect(FakeEventSource.opened).toHaveLength(2);
    const polls = polled.length;
    expect(polls).toBe(1 + STREAM_RETRY_MS / STATUS_POLL_MS);
    const second = FakeEventSource.opened[1]!;
    second.send('status', status('paid'));
    await settle();
    await vi.advanceTimersByTimeAsync(5 * STATUS_POLL_MS);
    expect(polled).toHaveLength(polls);
    expect(seen.at(-1)).toBe('paid');

    // The final status ends the watch: the stream is closed and nothing is scheduled.
    second.send('status', status('completed'));
    await settle();
    expect(second.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });

  it('polls after two failed connections in a row, or at once when the answer is no stream', async () => {
    watch();
    const [first] = FakeEventSource.opened;
    first!.fail();
    await settle();
    expect(polled).toEqual([]);
    first!.fail();
    await settle();
    expect(first!.closed).toBe(true);
    expect(polled).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS);
    const second = FakeEventSource.opened[1]!;
    const polls = polled.length;
    second.fail(true);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    await settle();
    expect(polled.length).toBeGreaterThan(polls);

    // A final status from a poll ends it too.
    pollAnswer = status('completed');
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    await settle();
    expect(seen.at(-1)).toBe('completed');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('an OPERATOR_MISMATCH refusal', () => {
  const details = { detectedOperatorId: 54, detectedOperatorName: 'Orange Cameroon', chosenOperatorId: 53, chosenOperatorName: 'MTN Cameroon' };
  const refusal = (code: string, d: unknown) => new ApiError(400, code, 'The number belongs to Orange Cameroon.', '400: ', { details: d });

  it("names the operator the number belongs to, read with the contract's schema", async () => {
    expect(await operatorMismatchOf(refusal('OPERATOR_MISMATCH', details))).toEqual(details);
  });

  it('names none when the details are not what the API sends, or the failure is another', async () => {
    expect(await operatorMismatchOf(refusal('OPERATOR_MISMATCH', { ...details, detectedOperatorId: '54' }))).toBeNull();
    expect(await operatorMismatchOf(refusal('INVALID_PHONE', details))).toBeNull();
    expect(await operatorMismatchOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});
