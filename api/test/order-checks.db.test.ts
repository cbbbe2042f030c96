import { sign } from '@telegram-apps/init-data-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZAmountOption, ZOperatorMismatchDetails, ZPricingSettings } from '@topup/shared';
import { SandboxProvider } from '../src/airtime/sandbox';
import { ProviderError } from '../src/airtime/provider';
import { orders } from '../src/db/schema';
import { adminToken, startTestApi, type TestApi } from './harness';

/**
 * The operator matches the number, and every limit the server enforces is
 * known before the customer works for it.
 */

/** The sandbox, whose operator detection can be made to fail (a provider that is down). */
class DetectionDown extends SandboxProvider {
  down = false;
  override async detectOperator(phoneE164: string, countryCode: string) {
    if (this.down) throw new ProviderError('auto-detect unavailable', 'HTTP_503', 503);
    return super.detectOperator(phoneE164, countryCode);
  }
}

const BOT_TOKEN = '123456789:TEST-token-for-the-order-checks-0000';
const provider = new DetectionDown({});
let api: TestApi;
let admin: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi({ provider, env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, INIT_DATA_MAX_AGE_SECONDS: '3600' } });
  admin = { 'x-admin-token': await adminToken(api) };
});
afterAll(() => api?.close());

const defaults = { maintenanceMode: false, allowNewRegistrations: true, minTopUp: 5, maxTopUp: 500, serviceFee: 1 };
const settings = (changes: Partial<typeof defaults>) => api.call('PUT', '/api/admin/settings', { body: { ...defaults, ...changes }, headers: admin });
afterEach(async () => {
  expect((await settings({})).status).toBe(200);
});

const mtn = { amount: 10, operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };
const miniApp = (userId: number) => ({ authorization: `tma ${sign({ user: { id: userId, first_name: 'Ana' } }, BOT_TOKEN, new Date())}` });
const bot = (userId: number) => ({ 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': String(userId) });
const order = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.call('POST', '/api/crypto-payment', { body: { ...mtn, ...body }, headers });

describe('the operator matches the number (point 5)', () => {
  it('MTN Cameroon with an Orange number (699123456) is refused, naming Orange and giving its id to switch to', async () => {
    const refused = await order({ phoneNumber: '699123456' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('OPERATOR_MISMATCH');
    expect(refused.body.message).toBe(
      'This number belongs to Orange Cameroon, not MTN Cameroon. Choose Orange Cameroon to continue (or, if the number moved to MTN Cameroon, confirm MTN Cameroon).',
    );
    expect(ZOperatorMismatchDetails.parse(refused.body.error.details)).toEqual({
      detectedOperatorId: 54,
      detectedOperatorName: 'Orange Cameroon',
      chosenOperatorId: 53,
      chosenOperatorName: 'MTN Cameroon',
    });
    // Every flow: the compact payload, and the bot.
    const compact = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '699123456', operatorId: 53, amount: 10, currency: 'USDT' } });
    expect([compact.status, compact.body.error.details.detectedOperatorId]).toEqual([422, 54]);
    expect((await order({ phoneNumber: '+237699123456' }, bot(881001))).status).toBe(422);
    expect(await api.database.db.select().from(orders).where(eq(orders.phoneNumber, '+237699123456'))).toEqual([]);
  });

  it('the switch, or the customer confirming their choice (a number that moved), is taken', async () => {
    expect((await order({ phoneNumber: '699123456', operatorId: 54 })).status).toBe(201);
    const kept = await order({ phoneNumber: '699123456', operatorConfirmed: true });
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ amount: 10 });
  });

  it('numbers that cannot be told apart are taken as today: an unknown prefix, a detection that fails, a data bundle', async () => {
    expect((await order({ phoneNumber: '662345678' })).status).toBe(201);
    expect((await order({ phoneNumber: '662345678', operatorId: 54 })).status).toBe(201);
    provider.down = true;
    try {
      expect((await order({ phoneNumber: '699777123' })).status).toBe(201);
    } finally {
      provider.down = false;
    }
    // The provider names a number's airtime operator only: a data operator is not compared.
    const bundles = (await api.call('GET', '/api/operators/55/amounts?serviceType=data')).body.map((a: unknown) => ZAmountOption.parse(a));
    const bundle = bundles.find((b: { amount: number }) => b.amount >= 5)!;
    expect((await order({ phoneNumber: '699123456', operatorId: 55, amount: bundle.amount })).status).toBe(201);
  });
});

describe('limits known before the customer works for them (point 8)', () => {
  const offered = async (operatorId: number) =>
    ((await api.call('GET', `/api/operators/${operatorId}/amounts`)).body as { amount: number }[]).map((a) => a.amount);

  it("amount options outside the admin's minimum and maximum are not offered, on range and fixed operators", async () => {
    expect(await offered(53)).toEqual([5, 10, 15, 20, 25, 50]);
    // Orange sells $2 and $3 too: under the default minimum ($5), never offered.
    expect(await offered(54)).toEqual([5, 10, 15, 20, 25, 50]);
    expect((await settings({ minTopUp: 10, maxTopUp: 20 })).status).toBe(200);
    expect(await offered(53)).toEqual([10, 15, 20]);
    expect(await offered(54)).toEqual([10, 15, 20]);
    for (const amount of await offered(54)) expect((await order({ phoneNumber: '699123456', operatorId: 54, amount })).status).toBe(201);
  });

  it("maintenance mode's message is the server's own reason, in GET /api/pricing and in the refusal", async () => {
    expect(ZPricingSettings.parse((await api.call('GET', '/api/pricing')).body)).toMatchObject({ maintenanceMode: false, maintenanceMessage: null });
    expect((await settings({ maintenanceMode: true })).status).toBe(200);
    const pricing = ZPricingSettings.parse((await api.call('GET', '/api/pricing')).body);
    expect(pricing.maintenanceMode).toBe(true);
    const refused = await order({ phoneNumber: '671234567' });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('MAINTENANCE');
    expect(pricing.maintenanceMessage).toBe(refused.body.message);
  });

  it('new registrations off never block anonymous or Telegram checkout: a web order, a mini-app order and a bot order of users never seen', async () => {
    expect((await settings({ allowNewRegistrations: false })).status).toBe(200);
    expect((await order({ phoneNumber: '671234567', email: 'nobody.yet@mail.test' })).status).toBe(201);
    const fromMiniApp = await order({ phoneNumber: '671234567' }, miniApp(990001));
    expect(fromMiniApp.status).toBe(201);
    const fromBot = await order({ phoneNumber: '671234567' }, bot(990002));
    expect(fromBot.status).toBe(201);
    // Each user's orders are theirs: listed, and theirs to cancel.
    expect((await api.call('GET', '/api/orders', { headers: miniApp(990001) })).body.map((o: { id: number }) => o.id)).toEqual([fromMiniApp.body.orderId]);
    const cancelled = await api.call('POST', '/api/cancel-transaction', { body: { paymentId: fromBot.body.paymentId }, headers: bot(990002) });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await api.call('POST', '/api/cancel-transaction', { body: { paymentId: fromMiniApp.body.paymentId }, headers: bot(990002) })).status).toBe(403);
    // Signing in on the web with an e-mail never seen is what stays closed.
    expect((await api.call('POST', '/api/auth/email/start', { body: { email: 'nobody.yet@mail.test' } })).status).toBe(200);
  });
});
