/**
 * The Reloadly adapter of the airtime-provider port (Reloadly Airtime API, "topups-v1"): the catalog,
 * and top-ups whose every answer becomes one of the port's outcomes (outcomes.ts).
 */
import { z } from 'zod';
import type { TPin } from '@topup/shared';
import { ZIntegerText, ZText, ZDisplayNumber } from '../../outbound/json';
import { ProviderError, type AirtimeProvider } from '../provider';
// The port's vocabulary, named as such: the adapter translates its provider's answers into it.
import type * as port from '../provider';
import { ReloadlyClient, type ReloadlyOptions } from './client';
import { ZBalance, ZCountry, ZFxRate, ZOperator, ZPromotion, amountToCents, centsToAmount, requireUsd, toCountry, toOperator, toPromotion } from './catalog';
import { outcomeOfFailedLookup, outcomeOfRefusal, outcomeOfUnsuccessful } from './outcomes';

export type { ReloadlyOptions } from './client';

/** Reloadly's own page size default; the promotions list is a few hundred entries at most. */
const PAGE_SIZE = 200;
/** A guard against a paging answer that never says `last`. */
const MAX_PAGES = 50;

const ZTransaction = z.object({
  transactionId: ZIntegerText,
  status: z.string().nullish(),
  operatorTransactionId: ZText.nullish(),
  customIdentifier: z.string().nullish(),
  deliveredAmount: ZDisplayNumber.nullish(),
  deliveredAmountCurrencyCode: z.string().nullish(),
  pinDetail: z.record(z.string(), ZText.nullable()).nullish(),
});
type RawTransaction = z.infer<typeof ZTransaction>;
// GET /topups/{id}/status: the official SDKs (and their tests against the sandbox) read a wrapper
// `{ code, message, status, transaction }`; the API reference shows the bare transaction. Both are read.
const ZStatus = z.union([
  ZTransaction,
  z.object({ code: z.string().nullish(), message: z.string().nullish(), status: z.string(), transaction: ZTransaction.nullish() }),
]);
const ZAsyncTopup = z.object({ transactionId: ZIntegerText });
const pageOf = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item), last: z.boolean().nullish() });

export class ReloadlyProvider implements AirtimeProvider {
  readonly name: string;
  private readonly client: ReloadlyClient;

  constructor(options: ReloadlyOptions) {
    this.name = options.environment === 'sandbox' ? 'Reloadly (sandbox)' : 'Reloadly';
    this.client = new ReloadlyClient(options);
  }

  async listCountries(): Promise<port.ProviderCountry[]> {
    return (await this.client.call('GET', '/countries', z.array(ZCountry))).map(toCountry);
  }

  async listOperators(countryCode: string): Promise<port.ProviderOperator[]> {
    const query = 'includeData=true&includeBundles=true&suggestedAmounts=true&suggestedAmountsMap=true';
    const path = `/operators/countries/${encodeURIComponent(countryCode.toUpperCase())}?${query}`;
    return (await this.client.call('GET', path, z.array(ZOperator))).map(toOperator);
  }

  async getOperator(operatorId: string): Promise<port.ProviderOperator | null> {
    const path = `/operators/${reloadlyId(operatorId, 'operator')}?suggestedAmounts=true&suggestedAmountsMap=true`;
    try {
      return toOperator(await this.client.call('GET', path, ZOperator));
    } catch (error) {
      if (error instanceof ProviderError && error.httpStatus === 404) return null;
      throw error;
    }
  }

  async detectOperator(phoneE164: string, countryCode: string): Promise<port.ProviderOperator | null> {
    const digits = phoneE164.replace(/^\+/, '');
    if (!/^\d{4,15}$/.test(digits)) throw new RangeError(`Not a phone number in E.164 form: ${phoneE164}`);
    // The official SDKs send the number with its plus sign.
    const path =
      `/operators/auto-detect/phone/+${digits}/countries/${encodeURIComponent(countryCode.toUpperCase())}` + '?suggestedAmounts=true&suggestedAmountsMap=true';
    try {
      return toOperator(await this.client.call('GET', path, ZOperator));
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'COULD_NOT_AUTO_DETECT_OPERATOR') return null;
      throw error;
    }
  }

  async fxRate(operatorId: string, amountCents: number): Promise<{ localAmount: number; currencyCode: string }> {
    const body = { operatorId: Number(reloadlyId(operatorId, 'operator')), amount: centsToAmount(amountCents) };
    // Despite its name, `fxRate` is what `amount` delivers in the operator's currency (Reloadly support:
    // "the delivery amount the recipient gets is the value in the fxRate field").
    const answer = await this.client.call('POST', '/operators/fx-rate', ZFxRate, body);
    return { localAmount: answer.fxRate, currencyCode: answer.currencyCode };
  }

  async listPromotions(): Promise<port.ProviderPromotion[]> {
    const promotions: port.ProviderPromotion[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.client.call('GET', `/promotions?page=${page}&size=${PAGE_SIZE}`, pageOf(ZPromotion));
      promotions.push(...answer.content.map(toPromotion));
      if (answer.last !== false || answer.content.length === 0) break;
    }
    return promotions;
  }

  /**
   * Asynchronous top-up: Reloadly answers with a transaction id at once and the outcome is read from the
   * status endpoint, which is how fulfilment works anyway (it polls while processing). The synchronous
   * endpoint would hold the request open while the operator answers, and a timeout there leaves the
   * outcome unknown just the same.
   */
  async sendTopup(request: port.TopupRequest): Promise<port.TopupOutcome> {
    const body = {
      operatorId: Number(reloadlyId(request.operatorId, 'operator')),
      amount: centsToAmount(request.amountCents),
      useLocalAmount: false,
      customIdentifier: request.customIdentifier,
      recipientPhone: request.recipientPhone,
    };
    try {
      const answer = await this.client.call('POST', '/topups-async', ZAsyncTopup, body);
      return { kind: 'processing', transactionId: answer.transactionId, reason: null };
    } catch (error) {
      if (error instanceof ProviderError) return outcomeOfRefusal(error);
      throw error;
    }
  }

  async getTopupStatus(transactionId: string): Promise<port.TopupLookup> {
    try {
      const answer = await this.client.call('GET', `/topups/${reloadlyId(transactionId, 'transaction')}/status`, ZStatus);
      if ('transactionId' in answer) return toOutcome(answer.status, answer, null, null, transactionId);
      return toOutcome(answer.status, answer.transaction ?? null, answer.code ?? null, answer.message ?? null, transactionId);
    } catch (error) {
      if (error instanceof ProviderError) return outcomeOfFailedLookup(error);
      throw error;
    }
  }

  /** The report is the only lookup by custom identifier; the status endpoint then says where it stands. */
  async findTopup(customIdentifier: string): Promise<port.TopupLookup> {
    const query = new URLSearchParams({ customIdentifier, page: '1', size: '20' });
    let found: RawTransaction | undefined;
    try {
      const answer = await this.client.call('GET', `/topups/reports/transactions?${query}`, pageOf(ZTransaction));
      // Exact match only, in case the filter is looser than equality; the newest if there were ever two.
      found = answer.content
        .filter((t) => t.customIdentifier === customIdentifier)
        .sort((a, b) => (BigInt(b.transactionId) > BigInt(a.transactionId) ? 1 : -1))[0];
    } catch (error) {
      if (error instanceof ProviderError) return outcomeOfFailedLookup(error);
      throw error;
    }
    return found ? this.getTopupStatus(found.transactionId) : { kind: 'not-found', reason: `no top-up with custom identifier ${customIdentifier}` };
  }

  async getBalance(): Promise<port.ProviderBalance> {
    const answer = await this.client.call('GET', '/accounts/balance', ZBalance);
    requireUsd(answer.currencyCode, 'The Reloadly account');
    // Down: never report money the account does not hold (balances carry more than two decimals).
    return { balanceCents: amountToCents(answer.balance, 'down'), currencyCode: 'USD' };
  }
}

function toOutcome(status: string | null | undefined, t: RawTransaction | null, code: string | null, message: string | null, id: string): port.TopupOutcome {
  const transactionId = t?.transactionId ?? id;
  if (status === 'SUCCESSFUL') {
    return {
      kind: 'delivered',
      transactionId,
      operatorTransactionId: t?.operatorTransactionId ?? null,
      deliveredAmount: t?.deliveredAmount ?? null,
      deliveredCurrencyCode: t?.deliveredAmountCurrencyCode ?? null,
      pin: t?.pinDetail ? toPin(t.pinDetail) : null,
      reason: message,
    };
  }
  if (status === 'FAILED' || status === 'REFUNDED') return outcomeOfUnsuccessful(status, transactionId, code, message);
  // PROCESSING, or a status this adapter does not know: still under way. Polling goes on, and a top-up
  // is never declared delivered or failed on a guess.
  return { kind: 'processing', transactionId, reason: status && status !== 'PROCESSING' ? `unknown status ${status}` : message };
}

/**
 * Reloadly's `pinDetail` in the port's words: `code` and `serial` as given, `info1`..`info3` the
 * instructions, `ivr` the number to dial. A voucher without a code is no voucher.
 */
export function toPin(detail: Record<string, string | null>): TPin | null {
  const text = (key: string) => detail[key]?.trim() || null;
  const code = text('code');
  if (!code) return null;
  const instructions = ['info1', 'info2', 'info3'].map(text).filter((line): line is string => line !== null);
  return { code, serial: text('serial'), validity: text('validity'), instructions, dial: text('ivr') };
}

function reloadlyId(id: string, what: string): string {
  if (!/^\d+$/.test(id)) throw new RangeError(`Not a Reloadly ${what} id: ${id}`);
  return id;
}
