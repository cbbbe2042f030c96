import { existsSync, readFileSync } from 'node:fs';
import { getCountries } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { providerError } from '../../../test/provider-error';
import type { TopupRequest } from '../provider';
import { SandboxProvider, flagSvgPath, operatorLogoSvg } from './index';

const POPULAR = ['US', 'MX', 'IN', 'PH', 'NG', 'BR', 'CO', 'GB'];
const QUICK_AMOUNTS_CENTS = [500, 1000, 1500, 2000, 2500, 5000];
const NOW = Date.parse('2026-03-10T12:00:00Z');

/** A provider on a clock the test moves by hand. */
function sandbox(options: { slowMs?: number; publicBaseUrl?: string } = {}) {
  const clock = { now: NOW };
  const provider = new SandboxProvider({ ...options, now: () => clock.now });
  return { provider, clock };
}

let orderSequence = 0;
/** A $10 top-up of MTN Cameroon (53) to a number of our choosing, under a fresh order id. */
function topup(overrides: Partial<TopupRequest> & { number?: string } = {}): TopupRequest {
  const { number = '677123456', ...rest } = overrides;
  return {
    operatorId: '53',
    amountCents: 1000,
    recipientPhone: { countryCode: 'CM', number },
    customIdentifier: `order-${++orderSequence}`,
    ...rest,
  };
}

describe('SandboxProvider catalog', () => {
  it('names itself a sandbox', () => {
    expect(new SandboxProvider().name).toBe('Sandbox provider (no real airtime)');
  });

  it('lists every country libphonenumber knows, with English name, dial code and flag', async () => {
    const countries = await sandbox().provider.listCountries();
    expect(countries).toHaveLength(getCountries().length);
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.name).not.toBe(c.code);
      expect(c.callingCodes.length).toBeGreaterThan(0);
      for (const dial of c.callingCodes) expect(dial).toMatch(/^\+\d{1,4}$/);
      expect(c.flagUrl).toBe(`/flags/${c.code}.svg`);
    }
    const byCode = new Map(countries.map((c) => [c.code, c]));
    expect(byCode.get('CM')).toMatchObject({ name: 'Cameroon', callingCodes: ['+237'], currencyCode: 'XAF' });
    expect(byCode.get('US')).toMatchObject({ name: 'United States', callingCodes: ['+1'], currencyCode: 'USD' });
    expect(byCode.get('GB')).toMatchObject({ name: 'United Kingdom', callingCodes: ['+44'] });
    expect(byCode.get('AC')?.name).toBe('Ascension Island');
    // No library maps countries to currencies, so only countries with sandbox operators have one.
    expect(byCode.get('JP')?.currencyCode).toBeNull();
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has an SVG flag file for every country, and refuses paths that are not a country code', async () => {
    for (const c of await sandbox().provider.listCountries()) {
      const file = flagSvgPath(c.code);
      expect(file, c.code).not.toBeNull();
      expect(existsSync(file!)).toBe(true);
    }
    expect(readFileSync(flagSvgPath('CM')!, 'utf8')).toMatch(/^<svg/);
    expect(flagSvgPath('ZZ')).toBeNull();
    expect(flagSvgPath('cm')).toBeNull();
    expect(flagSvgPath('../package')).toBeNull();
  });

  it('prefixes flag and logo URLs with the public base URL', async () => {
    const { provider } = sandbox({ publicBaseUrl: 'https://topup.example' });
    const cm = (await provider.listCountries()).find((c) => c.code === 'CM');
    expect(cm?.flagUrl).toBe('https://topup.example/flags/CM.svg');
    expect((await provider.getOperator('53'))?.logoUrls).toEqual(['https://topup.example/api/sandbox/logos/53.svg']);
  });

  it('gives MTN Cameroon the default operator id 53', async () => {
    const mtn = await sandbox().provider.getOperator('53');
    expect(mtn).toMatchObject({ name: 'MTN Cameroon', countryCode: 'CM', serviceType: 'airtime' });
    expect(mtn?.denominationType).toBe('RANGE');
  });

  it('has operators with logos in Cameroon and the eight popular countries', async () => {
    const { provider } = sandbox();
    for (const code of ['CM', ...POPULAR]) {
      const operators = await provider.listOperators(code);
      expect(operators.length, code).toBeGreaterThanOrEqual(2);
      for (const op of operators) {
        expect(op.countryCode).toBe(code);
        expect(op.logoUrls).toEqual([`/api/sandbox/logos/${op.operatorId}.svg`]);
        const svg = operatorLogoSvg(Number(op.operatorId));
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg".*<\/svg>$/);
        expect(svg).toContain('(sandbox logo)');
      }
    }
    expect(operatorLogoSvg(101)).toContain('>AT&amp;T</text>');
    expect(operatorLogoSvg(999_999)).toBeNull();
  });

  it('has unique positive operator ids, FIXED and RANGE airtime, and data bundles', async () => {
    const { provider } = sandbox();
    const countries = await provider.listCountries();
    const operators = (await Promise.all(countries.map((c) => provider.listOperators(c.code)))).flat();
    const ids = operators.map((op) => op.operatorId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d*$/);

    const fixed = operators.filter((op) => op.denominationType === 'FIXED');
    const range = operators.filter((op) => op.denominationType === 'RANGE');
    const data = operators.filter((op) => op.serviceType === 'data');
    expect(fixed.length).toBeGreaterThan(0);
    expect(range.length).toBeGreaterThan(0);
    expect(data.length).toBeGreaterThan(0);

    for (const op of fixed) {
      expect(op.localFixedAmounts).toHaveLength(op.fixedAmountsCents.length);
      expect(op.fixedAmountDescriptions).toHaveLength(op.fixedAmountsCents.length);
      expect(op.minAmountCents).toBe(Math.min(...op.fixedAmountsCents));
      expect(op.maxAmountCents).toBe(Math.max(...op.fixedAmountsCents));
      expect(op.fixedAmountsCents.some((c) => c < 500) && op.fixedAmountsCents.some((c) => c > 500)).toBe(true);
      const local = op.fixedAmountsCents.map((cents) => Math.round(cents * op.fxRate!) / 100);
      expect(op.localFixedAmounts).toEqual(local);
    }
    for (const op of range) {
      expect(op).toMatchObject({ minAmountCents: 100, maxAmountCents: 20_000, fixedAmountsCents: [] });
      expect(op.fxRate).toBeGreaterThan(0);
      expect(op.localCurrencyCode).toMatch(/^[A-Z]{3}$/);
      expect(op.localCurrencySymbol).toBeTruthy();
      for (const s of op.suggestedAmountsCents) expect(s >= op.minAmountCents && s <= op.maxAmountCents).toBe(true);
    }
    for (const op of data) {
      expect(op.denominationType).toBe('FIXED');
      for (const d of op.fixedAmountDescriptions) expect(d).toMatch(/GB/);
    }
    // The spec's quick amounts can be bought from every airtime operator.
    for (const op of operators.filter((o) => o.serviceType === 'airtime')) {
      for (const cents of QUICK_AMOUNTS_CENTS) {
        const ok = op.denominationType === 'FIXED' ? op.fixedAmountsCents.includes(cents) : cents <= op.maxAmountCents;
        expect(ok, `${op.name} ${cents}`).toBe(true);
      }
    }
    // An operator's currency is its country's.
    const currencyOf = new Map(countries.map((c) => [c.code, c.currencyCode]));
    for (const op of operators) expect(op.localCurrencyCode).toBe(currencyOf.get(op.countryCode));
  });

  it('has no operators where the sandbox has none, and finds operators by lower-case code', async () => {
    const { provider } = sandbox();
    expect(await provider.listOperators('ZW')).toEqual([]);
    expect((await provider.listOperators('cm')).map((op) => op.operatorId)).toContain('53');
    expect(await provider.getOperator('999999')).toBeNull();
  });
});

describe('SandboxProvider detectOperator', () => {
  const cases: [string, string, number | null][] = [
    ['+237677123456', 'CM', 53], // MTN prefix 67
    ['+237650123456', 'CM', 53], // MTN prefix 650
    ['+237699123456', 'CM', 54], // Orange prefix 69
    ['+237655123456', 'CM', 54], // Orange prefix 655
    ['+237662345678', 'CM', null], // no operator's prefix: cannot tell
    ['+2348031234567', 'NG', 141],
    ['+2348021234567', 'NG', 142],
    ['+254110123456', 'KE', 191],
    ['+254757123456', 'KE', 191], // Safaricom's 757 is longer than Airtel's 75
    ['+254751123456', 'KE', 192],
    ['+2250512345678', 'CI', 212],
    ['+12125550123', 'US', null], // portability: no prefixes, cannot tell
    ['+12125550123', 'us', null],
    ['+263771234567', 'ZW', null], // no sandbox operators
  ];
  it.each(cases)('%s in %s is operator %s', async (phone, country, expected) => {
    const op = await sandbox().provider.detectOperator(phone, country);
    expect(op?.operatorId ?? null).toBe(expected === null ? null : String(expected));
    if (op) expect(op.serviceType).toBe('airtime');
  });
});

describe('SandboxProvider fxRate and promotions', () => {
  it('converts US cents at the operator rate', async () => {
    const { provider } = sandbox();
    expect(await provider.fxRate('53', 1000)).toEqual({ localAmount: 6000, currencyCode: 'XAF' });
    expect(await provider.fxRate('171', 500)).toEqual({ localAmount: 3.9, currencyCode: 'GBP' });
    expect(await provider.fxRate('101', 1234)).toEqual({ localAmount: 12.34, currencyCode: 'USD' });
    expect((await providerError(provider.fxRate('999999', 100))).code).toBe('OPERATOR_NOT_FOUND');
  });

  it('has current promotions on existing operators, each an operator bonus', async () => {
    const { provider } = sandbox();
    const promotions = await provider.listPromotions();
    expect(promotions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(promotions.map((p) => p.id)).size).toBe(promotions.length);
    for (const p of promotions) {
      expect(await provider.getOperator(p.operatorId), `promotion ${p.id}`).not.toBeNull();
      expect(p.description).toMatch(/^Sandbox promotion: /);
      expect(Date.parse(p.startDate!)).toBeLessThanOrEqual(NOW);
      expect(Date.parse(p.endDate!)).toBeGreaterThan(NOW);
    }
    expect(promotions.filter((p) => /% off|discount/i.test(`${p.title} ${p.description}`))).toEqual([]);
    expect(promotions.some((p) => p.operatorId === '53')).toBe(true);
  });
});

describe('SandboxProvider top-ups', () => {
  it('delivers at once for an ordinary number, and charges the balance', async () => {
    const { provider } = sandbox();
    const before = (await provider.getBalance()).balanceCents;
    expect(before).toBeGreaterThanOrEqual(1_000_000);
    const request = topup();
    const result = await provider.sendTopup(request);
    expect(result).toMatchObject({
      kind: 'delivered',
      deliveredAmount: 6000,
      deliveredCurrencyCode: 'XAF',
      pinDetail: null,
      reason: expect.stringMatching(/^Sandbox/),
    });
    if (result.kind !== 'delivered') throw new Error(result.kind);
    expect(result.operatorTransactionId).toBeTruthy();
    expect(await provider.getTopupStatus(result.transactionId)).toEqual(result);
    expect(await provider.findTopup(request.customIdentifier)).toEqual(result);
    expect(await provider.getBalance()).toEqual({ balanceCents: before - 1000, currencyCode: 'USD' });
  });

  it('gives a PIN for the PIN-based operator', async () => {
    const { provider } = sandbox();
    const recipientPhone = { countryCode: 'US', number: '2125550123' };
    const result = await provider.sendTopup(topup({ operatorId: '103', amountCents: 2000, recipientPhone }));
    expect(result).toMatchObject({ kind: 'delivered', pinDetail: { code: expect.stringMatching(/^\d{12}$/), info1: expect.stringMatching(/Sandbox/) } });
  });

  it.each([
    ['670000001', 'rejected'],
    ['670000002', 'refunded'],
  ] as const)('ends %s as failed-final (%s), recorded, without charging', async (number, reason) => {
    const { provider } = sandbox();
    const before = (await provider.getBalance()).balanceCents;
    const request = topup({ number });
    const result = await provider.sendTopup(request);
    expect(result).toMatchObject({ kind: 'failed-final', transactionId: expect.stringMatching(/^SBX-/), reason: expect.stringContaining(reason) });
    expect(await provider.findTopup(request.customIdentifier)).toEqual(result);
    expect((await provider.getBalance()).balanceCents).toBe(before);
  });

  it('keeps a number ending in 0003 processing until slowMs has passed, then delivered', async () => {
    const { provider, clock } = sandbox({ slowMs: 10_000 });
    const before = (await provider.getBalance()).balanceCents;
    const request = topup({ number: '670000003' });
    const sent = await provider.sendTopup(request);
    expect(sent).toMatchObject({ kind: 'processing' });
    if (sent.kind !== 'processing') throw new Error(sent.kind);
    clock.now += 9_999;
    expect((await provider.getTopupStatus(sent.transactionId)).kind).toBe('processing');
    clock.now += 1;
    expect(await provider.getTopupStatus(sent.transactionId)).toMatchObject({ kind: 'delivered', deliveredAmount: 6000 });
    expect((await provider.findTopup(request.customIdentifier)).kind).toBe('delivered');
    expect((await provider.getBalance()).balanceCents).toBe(before - 1000);
  });

  it.each([
    ['670000004', { delayMs: 120_000, needs: null }],
    ['670000005', { delayMs: null, needs: 'provider-balance' }],
    ['670000006', { delayMs: null, needs: null }],
  ] as const)('refuses a number ending %s for now (retry-later), nothing recorded', async (number, expected) => {
    const { provider } = sandbox();
    const request = topup({ number });
    expect(await provider.sendTopup(request)).toMatchObject({
      kind: 'retry-later',
      transactionId: null,
      ...expected,
      reason: expect.stringMatching(/^Sandbox: /),
    });
    expect((await provider.findTopup(request.customIdentifier)).kind).toBe('not-found');
  });

  it('never sends twice for one customIdentifier, even when asked concurrently', async () => {
    const { provider } = sandbox();
    const before = (await provider.getBalance()).balanceCents;
    const request = topup();
    const [a, b] = await Promise.all([provider.sendTopup(request), provider.sendTopup(request)]);
    expect(b).toEqual(a);
    // The identifier alone names the top-up: a later call answers with the first one.
    expect(await provider.sendTopup({ ...request, amountCents: 2000 })).toEqual(a);
    expect((await provider.getBalance()).balanceCents).toBe(before - 1000);
    const other = await provider.sendTopup(topup());
    expect(other).toMatchObject({ kind: 'delivered' });
    expect(other).not.toEqual(a);
  });

  it('refuses for good the amounts an operator does not take', async () => {
    const { provider } = sandbox();
    const refuse = async (request: TopupRequest) => {
      expect(await provider.sendTopup(request)).toMatchObject({ kind: 'failed-final', transactionId: null });
      expect((await provider.findTopup(request.customIdentifier)).kind).toBe('not-found');
    };
    const orange = { operatorId: '54' }; // FIXED
    await refuse(topup({ ...orange, amountCents: 700 }));
    expect((await provider.sendTopup(topup({ ...orange, amountCents: 200 }))).kind).toBe('delivered');
    await refuse(topup({ amountCents: 99 })); // RANGE $1–$200
    await refuse(topup({ amountCents: 20_001 }));
    expect((await provider.sendTopup(topup({ amountCents: 20_000 }))).kind).toBe('delivered');
    expect((await provider.sendTopup(topup({ amountCents: 100 }))).kind).toBe('delivered');
    await refuse(topup({ amountCents: 10.5 }));
    await refuse(topup({ amountCents: 0 }));
  });

  it('refuses unknown operators, mismatched countries and malformed numbers; knows no unknown transaction', async () => {
    const { provider } = sandbox();
    expect(await provider.sendTopup(topup({ operatorId: '999999' }))).toMatchObject({
      kind: 'failed-final',
      reason: expect.stringContaining('no sandbox operator'),
    });
    const wrongCountry = topup({ recipientPhone: { countryCode: 'NG', number: '8031234567' } });
    expect(await provider.sendTopup(wrongCountry)).toMatchObject({ kind: 'failed-final', reason: expect.stringContaining('serves CM') });
    expect((await provider.sendTopup(topup({ number: '+237677123456' }))).kind).toBe('failed-final');
    expect((await provider.sendTopup(topup({ customIdentifier: '' }))).kind).toBe('failed-final');
    expect(await provider.getTopupStatus('SBX-0-0')).toMatchObject({ kind: 'not-found', reason: expect.stringContaining('forgotten on restart') });
    expect((await provider.findTopup('no-such-order')).kind).toBe('not-found');
  });
});
