import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ZAmountOption, ZCountry, ZDetectPhoneResponse, ZOperator, ZPromotion, ZValidatePhoneResponse } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';
import { SandboxProvider } from '../../airtime/sandbox';
import { CatalogService } from '../../services/catalog';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('GET /api/countries', () => {
  it('lists every country with the spec fields, Cameroon among them', async () => {
    const res = await api.call('GET', '/api/countries');
    expect(res.status).toBe(200);
    const countries = ZCountry.array().parse(res.body);
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((c) => c.code === 'CM')).toMatchObject({ id: 120, name: 'Cameroon', dialCode: '+237', flag: '/flags/CM.svg' });
    expect(new Set(countries.map((c) => c.id)).size).toBe(countries.length);
  });

  it('serves the flag images it names', async () => {
    const res = await fetch(`${api.url}/flags/CM.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetch(`${api.url}/flags/ZZ.svg`)).status).toBe(404);
  });
});

describe('GET /api/countries/{id}/operators', () => {
  it('answers by numeric id and by two-letter code', async () => {
    const byId = await api.call('GET', '/api/countries/120/operators');
    const byCode = await api.call('GET', '/api/countries/cm/operators');
    expect(byId.status).toBe(200);
    expect(byCode.body).toEqual(byId.body);
    const operators = ZOperator.array().parse(byId.body);
    expect(operators.find((o) => o.operatorId === 53)).toMatchObject({ id: 53, name: 'MTN Cameroon', denominationType: 'RANGE', serviceType: 'airtime' });
    expect(operators.every((o) => o.countryCode === 'CM' && o.logoUrls.length > 0)).toBe(true);
  });

  it('filters by service type', async () => {
    const data = ZOperator.array().parse((await api.call('GET', '/api/countries/CM/operators?serviceType=data')).body);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((o) => o.serviceType === 'data')).toBe(true);
  });

  it('serves the sandbox logos it names', async () => {
    const [op] = ZOperator.array().parse((await api.call('GET', '/api/countries/CM/operators')).body);
    const res = await fetch(api.url + op!.logoUrls[0]);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<svg');
  });

  it('answers 404 for an unknown country and 400 for a malformed id', async () => {
    expect((await api.call('GET', '/api/countries/ZZ/operators')).status).toBe(404);
    const bad = await api.call('GET', '/api/countries/abc/operators');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect((await api.call('GET', '/api/countries/CM/operators?serviceType=voice')).status).toBe(400);
  });
});

describe('GET /api/operators/{operatorId}/amounts', () => {
  it('lists amount options with local amounts', async () => {
    const res = await api.call('GET', '/api/operators/53/amounts?serviceType=airtime');
    expect(res.status).toBe(200);
    const amounts = ZAmountOption.array().parse(res.body);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((a) => a.currencyCode === 'XAF' && a.localAmount! > a.amount)).toBe(true);
  });

  it("gives every option, range operators' suggestions too, the local amount to show first, and the operator its local limits", async () => {
    for (const operatorId of [53, 54]) {
      const amounts = ZAmountOption.array().parse((await api.call('GET', `/api/operators/${operatorId}/amounts`)).body);
      expect(amounts.map((a) => [a.amount, a.localAmount, a.currencyCode])).toEqual(amounts.map((a) => [a.amount, Math.round(a.amount * 600), 'XAF']));
    }
    const mtn = ZOperator.array()
      .parse((await api.call('GET', '/api/countries/CM/operators')).body)
      .find((o) => o.operatorId === 53);
    expect(mtn).toMatchObject({ minAmount: 1, maxAmount: 200, localMinAmount: 600, localMaxAmount: 120_000, localCurrencyCode: 'XAF' });
  });

  it("gives a range operator its custom amount within the admin's limits, in dollars and in its currency, and follows a change of them", async () => {
    const mtn = async () =>
      ZOperator.array()
        .parse((await api.call('GET', '/api/countries/CM/operators')).body)
        .find((o) => o.operatorId === 53)!;
    // The operator takes $1-$200, the service $5-$500 by default: 600 XAF is not a custom amount an order takes.
    expect((await mtn()).custom).toEqual({ min: 500, max: 20_000, localMin: 3000, localMax: 120_000 });
    const pricing = await api.services.settings.get('pricing');
    await api.services.settings.set('pricing', { ...pricing, minAmountCents: 500, maxAmountCents: 5000 });
    try {
      expect((await mtn()).custom).toEqual({ min: 500, max: 5000, localMin: 3000, localMax: 30_000 });
      const detected = ZDetectPhoneResponse.parse((await api.call('POST', '/api/phone/detect', { body: { phoneNumber: '+237671234567' } })).body);
      expect(detected.operator?.custom).toEqual({ min: 500, max: 5000, localMin: 3000, localMax: 30_000 });
    } finally {
      await api.services.settings.set('pricing', pricing);
    }
    const orange = ZOperator.array()
      .parse((await api.call('GET', '/api/countries/CM/operators')).body)
      .find((o) => o.operatorId === 54)!;
    expect(orange).toMatchObject({ denominationType: 'FIXED', custom: null });
  });

  it('defaults to airtime and is empty for another service type', async () => {
    expect((await api.call('GET', '/api/operators/53/amounts')).body.length).toBeGreaterThan(0);
    expect((await api.call('GET', '/api/operators/53/amounts?serviceType=data')).body).toEqual([]);
  });

  it('answers 404 for an unknown operator and 400 for bad input', async () => {
    expect((await api.call('GET', '/api/operators/999999/amounts')).status).toBe(404);
    expect((await api.call('GET', '/api/operators/-3/amounts')).status).toBe(400);
    expect((await api.call('GET', '/api/operators/53/amounts?serviceType=x')).status).toBe(400);
  });
});

describe('GET /api/promotions', () => {
  it('lists promotions with the spec fields', async () => {
    const res = await api.call('GET', '/api/promotions');
    expect(res.status).toBe(200);
    expect(ZPromotion.array().parse(res.body).length).toBeGreaterThan(0);
  });
});

describe('POST /api/validate/phone', () => {
  it('accepts a mobile number of the country, local or international', async () => {
    for (const phoneNumber of ['671234567', '+237 671 234 567']) {
      const res = await api.call('POST', '/api/validate/phone', { body: { phoneNumber, countryCode: 'CM' } });
      expect(res.status).toBe(200);
      expect(ZValidatePhoneResponse.parse(res.body)).toMatchObject({ valid: true, error: null, phoneNumber: '+237671234567', detectedOperatorId: 53 });
    }
  });

  it('gives the spec message for a bad number, and names a foreign one', async () => {
    const bad = await api.call('POST', '/api/validate/phone', { body: { phoneNumber: '12', countryCode: 'CM' } });
    expect(bad.body).toMatchObject({ valid: false, error: 'Invalid phone number format' });
    const foreign = await api.call('POST', '/api/validate/phone', { body: { phoneNumber: '+447400123456', countryCode: 'CM' } });
    expect(foreign.body.valid).toBe(false);
    const landline = await api.call('POST', '/api/validate/phone', { body: { phoneNumber: '+442071838750', countryCode: 'GB' } });
    expect(landline.body).toMatchObject({ valid: false, error: 'This is not a mobile phone number' });
  });

  it('answers 400 for a malformed request', async () => {
    expect((await api.call('POST', '/api/validate/phone', { body: { phoneNumber: '671234567' } })).status).toBe(400);
    expect((await api.call('POST', '/api/validate/phone', { body: { phoneNumber: '', countryCode: 'CM' } })).body.error.message).toContain(
      'Phone number is required',
    );
    expect((await api.call('POST', '/api/validate/phone', { raw: '{not json', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('catalog resilience', () => {
  it('serves the last good catalog when the provider is down', async () => {
    // A second service on the same database, whose provider fails: it has only the saved copy.
    const failing = new SandboxProvider({});
    failing.listCountries = async () => {
      throw new Error('provider down');
    };
    const catalog = new CatalogService(api.database.db, failing, pino({ level: 'silent' }));
    const { value } = await catalog.countries();
    expect(value.find((c) => c.code === 'CM')?.name).toBe('Cameroon');
  });

  it('answers 503 when the provider is down and nothing was saved', async () => {
    const failing = new SandboxProvider({});
    failing.listOperators = async () => {
      throw new Error('provider down');
    };
    const catalog = new CatalogService(api.database.db, failing, pino({ level: 'silent' }));
    await expect(catalog.operators('ZW', { minAmountCents: 500, maxAmountCents: 50_000 })).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });

  it('refreshes a stale list in the background and keeps serving meanwhile', async () => {
    let now = 0;
    let calls = 0;
    const provider = new SandboxProvider({});
    const original = provider.listCountries.bind(provider);
    provider.listCountries = async () => {
      calls += 1;
      return original();
    };
    const catalog = new CatalogService(api.database.db, provider, pino({ level: 'silent' }), () => now);
    await catalog.countries();
    await catalog.countries();
    expect(calls).toBe(1);
    now = 31 * 60 * 1000;
    expect((await catalog.countries()).value.length).toBeGreaterThan(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(2);
  });
});

describe('the API edge', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await api.call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'NOT_FOUND' }, message: expect.any(String) });
  });
});

describe('POST /api/phone/detect', () => {
  it('finds the country and operator of a full international number', async () => {
    const res = await api.call('POST', '/api/phone/detect', { body: { phoneNumber: '+237 671 234 567' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, phoneNumber: '+237671234567', detectedOperatorId: 53, country: { code: 'CM', id: 120 } });
  });

  it('reads a pasted or typed number however it is written, and answers what the amount step needs', async () => {
    for (const phoneNumber of ['+237 6 77 12 34 56', '00237677123456', '237-677-123-456', '+237 (677) 12.34.56', '237677123456']) {
      const res = await api.call('POST', '/api/phone/detect', { body: { phoneNumber } });
      expect(res.status, phoneNumber).toBe(200);
      const detected = ZDetectPhoneResponse.parse(res.body);
      expect(detected, phoneNumber).toMatchObject({
        valid: true,
        error: null,
        phoneNumber: '+237677123456',
        nationalNumber: '677123456',
        detectedOperatorId: 53,
        country: { code: 'CM', id: 120, dialCode: '+237' },
        operator: { operatorId: 53, name: 'MTN Cameroon', countryCode: 'CM', serviceType: 'airtime', denominationType: 'RANGE' },
      });
      // The operator is enough to ask for its amounts: the client goes straight to the amount step.
      const amounts = await api.call('GET', `/api/operators/${detected.operator!.operatorId}/amounts?serviceType=${detected.operator!.serviceType}`);
      expect(ZAmountOption.array().parse(amounts.body).length).toBeGreaterThan(0);
    }
  });

  it('asks for the country code when the number has none, and refuses nonsense', async () => {
    for (const phoneNumber of ['671234567', '0677123456', 'call me', '+1 2']) {
      expect((await api.call('POST', '/api/phone/detect', { body: { phoneNumber } })).body, phoneNumber).toMatchObject({
        valid: false,
        error: 'Enter the full number with its country code, e.g. +237 671 234 567',
        country: null,
        operator: null,
      });
    }
    expect((await api.call('POST', '/api/phone/detect', { body: {} })).status).toBe(400);
  });

  it('names the country of a number that is not a mobile one, with the reason', async () => {
    const res = ZDetectPhoneResponse.parse((await api.call('POST', '/api/phone/detect', { body: { phoneNumber: '+237 222 12 34 56' } })).body);
    expect(res).toMatchObject({ valid: false, error: 'This is not a mobile phone number', country: { code: 'CM' }, operator: null, nationalNumber: null });
  });
});
