import { LosslessNumber } from 'lossless-json';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReloadlyAdapter, startReloadlyDouble, type ReloadlyDouble, type ReloadlyDoubleOptions } from '../../../test/reloadly-double';
import type { TopupOutcome, TopupRequest } from '../provider';
import { ReloadlyProvider, type ReloadlyOptions } from '.';

/** Top-ups through the adapter against the local double: every answer becomes one of the port's outcomes. */
let double: ReloadlyDouble;
let provider: ReloadlyProvider;

async function start(options: ReloadlyDoubleOptions = {}, adapter: Partial<ReloadlyOptions> = {}): Promise<void> {
  ({ double, provider } = await startReloadlyAdapter(options, adapter));
}

const lastApiRequest = () => double.state.apiRequests().at(-1);

const topupTo = (customIdentifier: string, overrides: Partial<TopupRequest> = {}): TopupRequest => ({
  operatorId: '200',
  amountCents: 235,
  recipientPhone: { countryCode: 'CM', number: '699123456' },
  customIdentifier,
  ...overrides,
});

/** Sends a top-up the double accepts, and gives its transaction id. */
async function accepted(customIdentifier: string, overrides: Partial<TopupRequest> = {}): Promise<string> {
  const sent = await provider.sendTopup(topupTo(customIdentifier, overrides));
  if (sent.kind !== 'processing') throw new Error(`expected processing, got ${JSON.stringify(sent)}`);
  return sent.transactionId;
}

beforeEach(async () => {
  await start();
});

afterEach(async () => {
  await double.close();
});

describe('sending and asking', () => {
  it('sends an asynchronous top-up with our custom identifier and polls it to delivered', async () => {
    const sent = await provider.sendTopup(topupTo('order-1'));
    expect(sent).toEqual({ kind: 'processing', transactionId: expect.stringMatching(/^\d+$/), reason: null });
    expect(lastApiRequest()).toMatchObject({
      method: 'POST',
      path: '/topups-async',
      body: { operatorId: 200, amount: 2.35, useLocalAmount: false, customIdentifier: 'order-1', recipientPhone: { countryCode: 'CM', number: '699123456' } },
    });
    expect(double.state.balanceCents).toBe(100_000 - 235);
    const id = (sent as { transactionId: string }).transactionId;

    expect(await provider.getTopupStatus(id)).toMatchObject({ kind: 'processing', transactionId: id });
    expect(lastApiRequest()?.path).toBe(`/topups/${id}/status`);

    double.state.setStatus(Number(id), 'SUCCESSFUL');
    expect(await provider.getTopupStatus(id)).toEqual({
      kind: 'delivered',
      transactionId: id,
      operatorTransactionId: `OP-${id}`,
      deliveredAmount: 1400,
      deliveredCurrencyCode: 'XAF',
      pin: null,
      reason: null,
    });
  });

  it('reads the status answer in the bare shape of the API reference too', async () => {
    const id = await accepted('order-flat');
    double.state.statusShape = 'flat';
    double.state.setStatus(Number(id), 'SUCCESSFUL');
    expect(await provider.getTopupStatus(id)).toMatchObject({ kind: 'delivered', deliveredAmount: 1400 });
  });

  it("keeps every digit of a PIN sent as a JSON number longer than a float, in the port's words (blank lines left out)", async () => {
    const id = await accepted('order-pin');
    double.state.setPin(Number(id), {
      serial: new LosslessNumber('558111'),
      code: new LosslessNumber('12345678901234567891'),
      info1: 'DIAL *611',
      info2: ' ',
      ivr: '1-800-555-0100',
      validity: '30 days',
      value: null,
    });
    double.state.setStatus(Number(id), 'SUCCESSFUL');
    for (const shape of ['wrapped', 'flat'] as const) {
      double.state.statusShape = shape;
      expect(await provider.getTopupStatus(id)).toMatchObject({
        kind: 'delivered',
        pin: { code: '12345678901234567891', serial: '558111', validity: '30 days', instructions: ['DIAL *611'], dial: '1-800-555-0100' },
      });
    }
  });

  it('finds a top-up by custom identifier in the transaction report, and says when there is none', async () => {
    await accepted('order-other');
    const id = await accepted('order-2');
    double.state.setStatus(Number(id), 'SUCCESSFUL');
    expect(await provider.findTopup('order-2')).toMatchObject({ kind: 'delivered', transactionId: id });
    expect(double.state.apiRequests().find((r) => r.path === '/topups/reports/transactions')?.query).toMatchObject({ customIdentifier: 'order-2' });
    expect(await provider.findTopup('order-never-sent')).toMatchObject({ kind: 'not-found' });
  });

  it('answers not-found to a 404 on the status call (the framework’s own body, no errorCode)', async () => {
    expect(await provider.getTopupStatus('424242')).toMatchObject({ kind: 'not-found', reason: expect.stringContaining('HTTP_404') });
  });

  it('answers unknown when asking fails otherwise', async () => {
    const id = await accepted('order-ask');
    double.state.failNext({ status: 500, errorCode: 'PROVIDER_INTERNAL_ERROR', path: '/topups/' });
    expect(await provider.getTopupStatus(id)).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('PROVIDER_INTERNAL_ERROR') });
    double.state.failNext({ status: 502, errorCode: null, rawBody: '<html>Bad Gateway</html>', path: '/topups/reports' });
    expect(await provider.findTopup('order-ask')).toMatchObject({ kind: 'unknown' });
  });
});

/**
 * Every code the adapter handles on POST /topups-async, as the double answers it (Reloadly's error
 * shape), and the outcome it becomes. docs/operations.md holds the same table.
 */
const REFUSALS: [status: number, errorCode: string | null, expected: Partial<TopupOutcome> & { kind: TopupOutcome['kind'] }][] = [
  [400, 'PHONE_RECENTLY_RECHARGED', { kind: 'retry-later', delayMs: 120_000, needs: null }],
  [400, 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT', { kind: 'retry-later', delayMs: null, needs: null }],
  [400, 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE', { kind: 'retry-later', delayMs: null, needs: null }],
  [400, 'RECIPIENT_HAS_PENDING_TRANSACTION', { kind: 'retry-later', delayMs: 120_000, needs: null }],
  [429, null, { kind: 'retry-later', delayMs: 60_000, needs: null }],
  [429, 'TOO_MANY_REQUESTS', { kind: 'retry-later', delayMs: 60_000, needs: null }],
  [429, 'INVALID_PHONE_NUMBER', { kind: 'retry-later', delayMs: 60_000, needs: null }],
  [400, 'INSUFFICIENT_BALANCE', { kind: 'retry-later', needs: 'provider-balance' }],
  [400, 'MAX_DAILY_TRANSACTION_AMOUNT_REACHED', { kind: 'retry-later', delayMs: 1_800_000, needs: 'provider-account' }],
  [400, 'MAX_DAILY_TRANSACTION_COUNT_REACHED', { kind: 'retry-later', delayMs: 1_800_000, needs: 'provider-account' }],
  [400, 'INACTIVE_ACCOUNT', { kind: 'retry-later', needs: 'provider-account' }],
  [404, 'ACCOUNT_NOT_FOUND', { kind: 'retry-later', needs: 'provider-account' }],
  [400, 'CUSTOM_IDENTIFIER_ALREADY_USED', { kind: 'unknown' }],
  [400, 'TOPUP_TRANSACTION_FAILED', { kind: 'unknown' }],
  [500, 'PROVIDER_INTERNAL_ERROR', { kind: 'unknown' }],
  [503, 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT', { kind: 'unknown' }],
  [502, null, { kind: 'unknown' }],
  [400, 'COUNTRY_NOT_SUPPORTED', { kind: 'failed-final' }],
  [400, 'INVALID_AMOUNT_FOR_OPERATOR', { kind: 'failed-final' }],
  [400, 'INVALID_AMOUNT', { kind: 'failed-final' }],
  [400, 'INVALID_RECIPIENT_PHONE', { kind: 'failed-final' }],
  [400, 'INVALID_SENDER_PHONE', { kind: 'failed-final' }],
  [400, 'INVALID_PHONE_NUMBER', { kind: 'failed-final' }],
  [400, 'OPERATOR_NOT_IN_SERVICE', { kind: 'retry-later', delayMs: null, needs: null }],
  [400, 'A_CODE_NOBODY_DOCUMENTED', { kind: 'retry-later', delayMs: null, needs: null, unrecognised: true }],
  [404, 'A_CODE_NOBODY_DOCUMENTED', { kind: 'retry-later', unrecognised: true }],
];

describe('refusals of a top-up, code by code', () => {
  it.each(REFUSALS)('HTTP %s %s -> %o', async (status, errorCode, expected) => {
    double.state.failNext({ status, errorCode, message: `Reloadly says ${errorCode}`, path: '/topups-async' });
    const outcome = await provider.sendTopup(topupTo(`order-${status}-${errorCode}`));
    expect(outcome).toMatchObject(expected);
    expect(outcome.reason).toContain(errorCode ?? `HTTP_${status}`);
  });

  it('the double itself refuses a reused custom identifier as Reloadly documents it', async () => {
    await accepted('order-twice');
    expect(await provider.sendTopup(topupTo('order-twice'))).toMatchObject({
      kind: 'unknown',
      reason: expect.stringContaining('CUSTOM_IDENTIFIER_ALREADY_USED'),
    });
    expect(double.state.transactions).toHaveLength(1);
  });

  it('a 500 after Reloadly recorded the top-up is unknown, and the report then finds it', async () => {
    double.state.failNext({ status: 500, errorCode: 'PROVIDER_INTERNAL_ERROR', path: '/topups-async', afterRecording: true });
    expect(await provider.sendTopup(topupTo('order-500'))).toMatchObject({ kind: 'unknown' });
    expect(await provider.findTopup('order-500')).toMatchObject({ kind: 'processing', transactionId: String(double.state.transactions[0]!.transactionId) });
  });

  it('the double’s own refusals: a bad amount is final, a low balance waits for an operator', async () => {
    expect(await provider.sendTopup(topupTo('order-bad-amount', { amountCents: 300 }))).toMatchObject({
      kind: 'failed-final',
      reason: expect.stringContaining('INVALID_AMOUNT_FOR_OPERATOR'),
    });
    await double.close();
    await start({ balanceCents: 200 });
    expect(await provider.sendTopup(topupTo('order-poor'))).toMatchObject({ kind: 'retry-later', needs: 'provider-balance' });
    expect(double.state.transactions).toHaveLength(0);
  });

  it('refused credentials wait for an operator instead of failing orders', async () => {
    await double.close();
    await start({}, { clientSecret: 'wrong' });
    expect(await provider.sendTopup(topupTo('order-creds'))).toMatchObject({
      kind: 'retry-later',
      needs: 'provider-account',
      reason: expect.stringContaining('INVALID_CREDENTIALS'),
    });
  });

  it('an expired token is replaced; a token still refused after that is retried later', async () => {
    await accepted('order-token-1');
    double.state.expireTokens();
    expect((await provider.sendTopup(topupTo('order-token-2'))).kind).toBe('processing');
    double.state.failNext({ status: 401, errorCode: 'INVALID_TOKEN' }, 2);
    expect(await provider.sendTopup(topupTo('order-token-3'))).toMatchObject({ kind: 'retry-later', needs: null });
  });
});

describe('FAILED and REFUNDED, reason by reason', () => {
  const cases: [status: 'FAILED' | 'REFUNDED', code: string | null, expected: Partial<TopupOutcome> & { kind: TopupOutcome['kind'] }][] = [
    ['FAILED', null, { kind: 'retry-later', delayMs: 1_800_000, needs: null }],
    ['FAILED', 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT', { kind: 'retry-later', delayMs: 1_800_000 }],
    ['FAILED', 'PROVIDER_INTERNAL_ERROR', { kind: 'retry-later', delayMs: 1_800_000 }],
    ['FAILED', 'INVALID_RECIPIENT_PHONE', { kind: 'failed-final' }],
    ['FAILED', 'OPERATOR_NOT_IN_SERVICE', { kind: 'retry-later', delayMs: 1_800_000 }],
    ['FAILED', 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE', { kind: 'retry-later', delayMs: 1_800_000 }],
    ['REFUNDED', null, { kind: 'retry-later', delayMs: 1_800_000 }],
    ['REFUNDED', 'INVALID_AMOUNT_FOR_OPERATOR', { kind: 'failed-final' }],
    ['REFUNDED', 'INVALID_PHONE_NUMBER', { kind: 'failed-final' }],
  ];
  it.each(cases)('%s with code %s -> %o', async (status, code, expected) => {
    const id = await accepted(`order-${status}-${code}`);
    double.state.setStatus(Number(id), status, { code, message: 'The transaction failed due to an outage and / or connection issue with the operator' });
    const outcome = await provider.getTopupStatus(id);
    expect(outcome).toMatchObject({ ...expected, transactionId: id });
    expect(outcome.reason).toContain(status);
    expect(outcome.reason).toContain('outage');
  });

  it('a status this adapter does not know is still processing: nothing is declared on a guess', async () => {
    const id = await accepted('order-odd');
    double.state.setStatus(Number(id), 'PENDING' as 'PROCESSING');
    expect(await provider.getTopupStatus(id)).toMatchObject({ kind: 'processing', reason: 'unknown status PENDING' });
  });
});

describe('network', () => {
  it('an unreachable server is an unknown outcome for a top-up', async () => {
    const gone = await startReloadlyDouble();
    await gone.close();
    const offline = new ReloadlyProvider({ clientId: 'id', clientSecret: 'secret', environment: 'sandbox', authUrl: gone.url, apiUrl: gone.url });
    expect(await offline.sendTopup(topupTo('order-offline'))).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('ECONNREFUSED') });
    expect(await offline.findTopup('order-offline')).toMatchObject({ kind: 'unknown' });
  });

  it('a timeout is an unknown outcome (Reloadly may have it)', async () => {
    await double.close();
    await start({}, { timeoutMs: 200 });
    await provider.getBalance();
    double.state.delayNext(2_000);
    expect(await provider.sendTopup(topupTo('order-slow'))).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('could not be reached') });
  });
});
