import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOUBLE_CLIENT_ID,
  DOUBLE_CLIENT_SECRET,
  RELOADLY_ACCEPT,
  startReloadlyAdapter,
  type ReloadlyDouble,
  type ReloadlyDoubleOptions,
} from '../../../test/reloadly-double';
import { providerError } from '../../../test/provider-error';
import { ReloadlyProvider, type ReloadlyOptions } from '.';

/** The adapter's HTTP (token, headers) and catalog against the local double; top-ups are in topups.test.ts. */
let double: ReloadlyDouble;
let provider: ReloadlyProvider;

async function start(options: ReloadlyDoubleOptions = {}, adapter: Partial<ReloadlyOptions> = {}): Promise<void> {
  ({ double, provider } = await startReloadlyAdapter(options, adapter));
}

const lastApiRequest = () => double.state.apiRequests().at(-1);

const topupTo = (customIdentifier: string, overrides: Partial<Parameters<ReloadlyProvider['sendTopup']>[0]> = {}) => ({
  operatorId: '200',
  amountCents: 235,
  recipientPhone: { countryCode: 'CM', number: '699123456' },
  customIdentifier,
  ...overrides,
});

describe('ReloadlyProvider', () => {
  beforeEach(async () => {
    await start();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await double.close();
  });

  describe('access token', () => {
    it('asks for a client-credentials token for the topups audience and reuses it across calls', async () => {
      await provider.listCountries();
      await provider.getBalance();
      await provider.listOperators('NG');

      const tokenRequests = double.state.tokenRequests();
      expect(tokenRequests).toHaveLength(1);
      expect(tokenRequests[0]?.method).toBe('POST');
      expect(tokenRequests[0]?.body).toEqual({
        client_id: DOUBLE_CLIENT_ID,
        client_secret: DOUBLE_CLIENT_SECRET,
        grant_type: 'client_credentials',
        audience: 'https://topups-sandbox.reloadly.com',
      });
      const apiRequests = double.state.apiRequests();
      expect(apiRequests).toHaveLength(3);
      for (const request of apiRequests) expect(request.headers.authorization).toBe('Bearer double-token-1');
    });

    it('names the production audience in production', async () => {
      await double.close();
      await start({ audience: 'https://topups.reloadly.com' }, { environment: 'production' });
      await provider.getBalance();
      expect(double.state.tokenRequests()[0]?.body).toMatchObject({ audience: 'https://topups.reloadly.com' });
      expect(provider.name).toBe('Reloadly');
    });

    it('asks for one token when calls start together', async () => {
      await Promise.all([provider.listCountries(), provider.getBalance(), provider.listPromotions()]);
      expect(double.state.tokenRequests()).toHaveLength(1);
    });

    it('refreshes the token a little before it expires', async () => {
      double.state.tokenLifetimeSeconds = 600;
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      await provider.getBalance();

      vi.setSystemTime(start + 500_000);
      await provider.getBalance();
      expect(double.state.tokenRequests()).toHaveLength(1);

      // 600 s lifetime, refreshed a tenth early: past 540 s a new token is fetched before the call.
      vi.setSystemTime(start + 545_000);
      await provider.getBalance();
      expect(double.state.tokenRequests()).toHaveLength(2);
      expect(lastApiRequest()?.headers.authorization).toBe('Bearer double-token-2');
      // Nothing was refused on the way: the old token was never sent once stale.
      expect(double.state.apiRequests()).toHaveLength(3);
    });

    it('replaces a token Reloadly says has expired and makes the call again', async () => {
      await provider.getBalance();
      double.state.expireTokens();

      await expect(provider.getBalance()).resolves.toEqual({ balanceCents: 100_000, currencyCode: 'USD' });
      expect(double.state.tokenRequests()).toHaveLength(2);
      const [, refused, retried] = double.state.apiRequests();
      expect(refused?.headers.authorization).toBe('Bearer double-token-1');
      expect(retried?.headers.authorization).toBe('Bearer double-token-2');
    });

    it('replaces a token Reloadly no longer knows (INVALID_TOKEN) and makes the call again', async () => {
      await provider.listCountries();
      double.state.revokeTokens();

      const countries = await provider.listCountries();
      expect(countries).toHaveLength(2);
      expect(double.state.tokenRequests()).toHaveLength(2);
      expect(double.state.apiRequests()).toHaveLength(3);
    });

    it('tries a new token only once', async () => {
      double.state.failNext({ status: 401, errorCode: 'INVALID_TOKEN' }, 2);
      const error = await providerError(provider.getBalance());
      expect(error).toMatchObject({ code: 'INVALID_TOKEN', httpStatus: 401 });
      expect(double.state.apiRequests()).toHaveLength(2);
      expect(double.state.tokenRequests()).toHaveLength(2);
    });

    it('reports refused credentials', async () => {
      await double.close();
      await start({}, { clientSecret: 'wrong' });
      const error = await providerError(provider.listCountries());
      expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', httpStatus: 401 });
      expect(double.state.apiRequests()).toHaveLength(0);
    });
  });

  it('sends the versioned Accept header and the bearer token on every API call', async () => {
    await provider.listCountries();
    await provider.listOperators('CM');
    await provider.getOperator('200');
    await provider.detectOperator('+237699123456', 'CM');
    await provider.fxRate('341', 500);
    await provider.listPromotions();
    const sent = await provider.sendTopup(topupTo('order-accept'));
    if (sent.kind !== 'processing') throw new Error(sent.kind);
    await provider.getTopupStatus(sent.transactionId);
    await provider.findTopup('order-accept');
    await provider.getBalance();

    const requests = double.state.apiRequests();
    expect(requests.length).toBeGreaterThanOrEqual(10);
    for (const request of requests) {
      expect(request.headers.accept).toBe(RELOADLY_ACCEPT);
      expect(request.headers.authorization).toMatch(/^Bearer double-token-\d+$/);
    }
  });

  it('the double refuses a call without the versioned Accept header', async () => {
    await provider.getBalance();
    const token = double.state.apiRequests()[0]?.headers.authorization ?? '';
    const response = await fetch(`${double.apiUrl}/accounts/balance`, { headers: { authorization: token, accept: 'application/json' } });
    expect(response.status).toBe(406);
  });

  describe('catalog', () => {
    it('maps countries', async () => {
      expect(await provider.listCountries()).toEqual([
        { code: 'NG', name: 'Nigeria', currencyCode: 'NGN', callingCodes: ['+234'], flagUrl: 'https://s3.amazonaws.com/rld-flags/ng.svg' },
        { code: 'CM', name: 'Cameroon', currencyCode: 'XAF', callingCodes: ['+237'], flagUrl: 'https://s3.amazonaws.com/rld-flags/cm.svg' },
      ]);
      expect(lastApiRequest()).toMatchObject({ method: 'GET', path: '/countries' });
    });

    it('lists a country’s airtime and data operators with suggested amounts', async () => {
      const operators = await provider.listOperators('ng');

      expect(lastApiRequest()?.path).toBe('/operators/countries/NG');
      expect(lastApiRequest()?.query).toEqual({
        includeData: 'true',
        includeBundles: 'true',
        suggestedAmounts: 'true',
        suggestedAmountsMap: 'true',
      });
      expect(operators.map((o) => o.operatorId)).toEqual(['341', '342']);
      // RANGE with limits that are not whole cents: rounded inward.
      expect(operators[0]).toEqual({
        operatorId: '341',
        name: 'MTN Nigeria',
        countryCode: 'NG',
        serviceType: 'airtime',
        denominationType: 'RANGE',
        fixedAmountsCents: [],
        localFixedAmounts: [],
        fixedAmountDescriptions: [],
        minAmountCents: 8,
        maxAmountCents: 7143,
        suggestedAmountsCents: [100, 500, 1000],
        fxRate: 1480.5,
        localCurrencyCode: 'NGN',
        localCurrencySymbol: '₦',
        logoUrls: ['https://s3.amazonaws.com/rld-operator/341-size-1.png'],
      });
      // Data plans: denominations in ascending order, local amounts and descriptions lined up with them.
      expect(operators[1]).toMatchObject({
        operatorId: '342',
        serviceType: 'data',
        denominationType: 'FIXED',
        fixedAmountsCents: [150, 300],
        localFixedAmounts: [2200, 4400],
        fixedAmountDescriptions: ['1GB, 7 days', '3GB, 30 days'],
        minAmountCents: 150,
        maxAmountCents: 300,
        suggestedAmountsCents: [],
        fxRate: null,
      });
    });

    it('maps FIXED airtime with local amounts, and bundles without any', async () => {
      const [airtime, bundles] = await provider.listOperators('CM');
      expect(airtime).toMatchObject({
        operatorId: '200',
        serviceType: 'airtime',
        denominationType: 'FIXED',
        fixedAmountsCents: [101, 235, 500],
        localFixedAmounts: [600, 1400, 3000],
        fixedAmountDescriptions: [null, null, null],
        minAmountCents: 101,
        maxAmountCents: 500,
        localCurrencyCode: 'XAF',
      });
      expect(bundles).toMatchObject({
        operatorId: '201',
        serviceType: 'data',
        fixedAmountsCents: [200, 800],
        localFixedAmounts: [],
        fixedAmountDescriptions: ['Small Plan - 2GB, 7 Days', 'Large Plan - 8GB, 30 Days'],
      });
    });

    it('passes on COUNTRY_NOT_SUPPORTED', async () => {
      const error = await providerError(provider.listOperators('ZZ'));
      expect(error).toMatchObject({ code: 'COUNTRY_NOT_SUPPORTED', httpStatus: 404 });
    });

    it('gets an operator by id, and null for an unknown id', async () => {
      expect(await provider.getOperator('341')).toMatchObject({ operatorId: '341', suggestedAmountsCents: [100, 500, 1000] });
      expect(lastApiRequest()).toMatchObject({ path: '/operators/341', query: { suggestedAmounts: 'true', suggestedAmountsMap: 'true' } });
      expect(await provider.getOperator('999')).toBeNull();
    });

    it('auto-detects the operator of a number', async () => {
      const found = await provider.detectOperator('+2348031234567', 'NG');
      expect(found).toMatchObject({ operatorId: '341', name: 'MTN Nigeria' });
      expect(lastApiRequest()?.path).toBe('/operators/auto-detect/phone/+2348031234567/countries/NG');
    });

    it('answers null when Reloadly cannot detect the operator', async () => {
      expect(await provider.detectOperator('+2347001234567', 'NG')).toBeNull();
    });

    it('still throws other errors from auto-detect', async () => {
      double.state.failNext({ status: 503, errorCode: null, path: '/operators/auto-detect' });
      const error = await providerError(provider.detectOperator('+2348031234567', 'NG'));
      expect(error).toMatchObject({ code: 'HTTP_503', httpStatus: 503 });
    });

    it('converts an amount with the operator’s fx rate', async () => {
      expect(await provider.fxRate('341', 500)).toEqual({ localAmount: 7402.5, currencyCode: 'NGN' });
      expect(lastApiRequest()).toMatchObject({ method: 'POST', path: '/operators/fx-rate', body: { operatorId: 341, amount: 5 } });
    });

    it('reads every page of promotions', async () => {
      await double.close();
      await start({ maxPageSize: 2 });
      const promotions = await provider.listPromotions();

      expect(double.state.apiRequests().map((r) => r.query.page)).toEqual(['1', '2']);
      expect(promotions).toEqual([
        {
          id: 7016,
          operatorId: '341',
          title: 'Bonus 5x',
          description: 'Top up $5 or more and get five times the credit.',
          startDate: '2025-02-07 00:00:00',
          endDate: '2025-12-31 23:59:00',
        },
        {
          id: 7094,
          operatorId: '200',
          title: 'Orange Cameroon From 15 Apr 2025 00:00 To 31 Dec 2025 23:59 (GMT+01:00)',
          description: 'Free data on every top-up.',
          startDate: '2025-04-14T23:00',
          endDate: null,
        },
        expect.objectContaining({ id: 7299, operatorId: '342', title: 'Double data' }),
      ]);
    });

    it('reads the balance in cents without float error, and refuses an operator not priced in USD', async () => {
      await double.close();
      await start({ balanceCents: 435 });
      // 4.35 * 100 is 434.99999999999994 in floating point.
      expect(await provider.getBalance()).toEqual({ balanceCents: 435, currencyCode: 'USD' });

      const inNaira: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, senderCurrencyCode: 'NGN' }, { status: response.status });
      };
      const nairaAccount = new ReloadlyProvider({
        clientId: DOUBLE_CLIENT_ID,
        clientSecret: DOUBLE_CLIENT_SECRET,
        environment: 'sandbox',
        authUrl: double.authUrl,
        apiUrl: double.apiUrl,
        fetch: inNaira,
      });
      const error = await providerError(nairaAccount.getOperator('341'));
      expect(error).toMatchObject({ code: 'UNSUPPORTED_SENDER_CURRENCY' });
    });
  });
});
