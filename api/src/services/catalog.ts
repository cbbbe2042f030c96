import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  centsToDollars,
  dollarsToCents,
  PHONE_ERROR_MESSAGES,
  QUICK_AMOUNTS_USD,
  CATALOG_FRESH_MS,
  type TAmountOption,
  type TCountry,
  type TDetectPhoneResponseWire,
  type TOperatorWire,
  type TPromotion,
  type TServiceType,
  type TValidatePhoneResponse,
} from '@topup/shared';
import type { Db } from '../db/client';
import { catalogCache } from '../db/schema';
import { AppError } from './errors';
import type { AirtimeProvider, ProviderCountry, ProviderOperator } from '../airtime/provider';
import { providerOperatorId, wireOperatorId } from '../airtime/operator-ids';
import { checkMobileNumber, countryOfNumber, internationalForm, nationalNumber } from './phone';

const require = createRequire(import.meta.url);
const isoCountries = require('i18n-iso-countries') as { alpha2ToNumeric(code: string): string | undefined };

/** Codes in use without an ISO numeric code get one from the user-assigned range 900-999. */
const EXTRA_NUMERIC_IDS: Record<string, number> = { XK: 900, AC: 901, TA: 902 };

function countryNumericId(code: string): number | null {
  const numeric = isoCountries.alpha2ToNumeric(code);
  return numeric ? Number(numeric) : (EXTRA_NUMERIC_IDS[code] ?? null);
}

/** How long the provider's operator for a number is reused, and how many numbers are remembered. */
const DETECTION_FRESH_MS = 30 * 60 * 1000;
const MAX_DETECTIONS = 10_000;

export interface Entry<T> {
  value: T;
  /** The serialised value (UTF-8 bytes) and its ETag, so hot reads skip JSON.stringify, encoding and hashing. */
  body: Buffer;
  etag: string;
  fetchedAt: number;
}

function entry<T>(value: T, fetchedAt: number): Entry<T> {
  const body = Buffer.from(JSON.stringify(value));
  return { value, body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`, fetchedAt };
}

/**
 * The catalog as the spec's clients read it, from the airtime provider. Each list is kept in memory
 * and in the catalog_cache table: fresh for the spec's times, refreshed in the background when stale,
 * and when the provider is down the last good copy is served.
 */
export class CatalogService {
  private memory = new Map<string, Entry<unknown>>();
  /** Operator detection per number (oldest first), with the time it was asked. */
  private detections = new Map<string, { operatorId: Promise<number | null>; at: number }>();
  private inflight = new Map<string, Promise<Entry<unknown>>>();
  private operatorsById = new Map<number, ProviderOperator>();
  /** The operator lists already in operatorsById: a list is indexed once, not on every read. */
  private indexedOperators = new WeakSet<Entry<ProviderOperator[]>>();
  /** Each country list's countries by id and by code (the lists are replaced, never changed). */
  private countriesByRef = new WeakMap<Entry<TCountry[]>, Map<number | string, TCountry>>();
  /** Amount lists per operator object and limits: a refreshed operator is a new object, so its lists are rebuilt. */
  private amountLists = new WeakMap<ProviderOperator, Map<string, Entry<TAmountOption[]>>>();

  constructor(
    private readonly db: Db,
    private readonly provider: AirtimeProvider,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  get providerName(): string {
    return this.provider.name;
  }

  async countries(): Promise<Entry<TCountry[]>> {
    return this.cached('countries', CATALOG_FRESH_MS.countries, async () => {
      const list = await this.provider.listCountries();
      return list
        .map(toCountry)
        .filter((c): c is TCountry => c !== null)
        .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    });
  }

  /** A country by numeric id or two-letter code. */
  async country(ref: number | string): Promise<TCountry | null> {
    const list = await this.countries();
    let byRef = this.countriesByRef.get(list);
    if (!byRef)
      this.countriesByRef.set(list, (byRef = new Map<number | string, TCountry>(list.value.flatMap((c) => [[c.id, c] as const, [c.code, c] as const]))));
    return byRef.get(ref) ?? null;
  }

  /** A country's operators, each with the custom amount the settings' limits allow. */
  async operators(countryCode: string, limits: AmountLimits, serviceType?: TServiceType): Promise<Entry<TOperatorWire[]>> {
    const all = await this.providerOperators(countryCode);
    const key = `operators:${countryCode}:${serviceType ?? ''}:${limits.minAmountCents}:${limits.maxAmountCents}`;
    return this.derived(key, all, () => (serviceType ? all.value.filter((o) => o.serviceType === serviceType) : all.value).map((o) => toOperator(o, limits)));
  }

  /**
   * The operator's amount options that the settings' limits allow: an option the
   * order would refuse is never offered, in any flow.
   */
  async amounts(operatorId: number, serviceType: TServiceType, limits: AmountLimits): Promise<Entry<TAmountOption[]>> {
    const operator = await this.operator(operatorId);
    if (!operator) throw new AppError('NOT_FOUND', `Operator ${operatorId} not found`);
    let lists = this.amountLists.get(operator);
    if (!lists) this.amountLists.set(operator, (lists = new Map()));
    const key = `${serviceType}:${limits.minAmountCents}:${limits.maxAmountCents}`;
    let list = lists.get(key);
    if (!list) {
      const allowed = (o: TAmountOption) => dollarsToCents(o.amount) >= limits.minAmountCents && dollarsToCents(o.amount) <= limits.maxAmountCents;
      lists.set(key, (list = entry(operator.serviceType === serviceType ? amountOptions(operator).filter(allowed) : [], this.now())));
    }
    return list;
  }

  async promotions(): Promise<Entry<TPromotion[]>> {
    return this.cached('promotions', CATALOG_FRESH_MS.promotions, async () =>
      (await this.provider.listPromotions()).map((p) => ({ ...p, operatorId: wireOperatorId(p.operatorId), discount: null })),
    );
  }

  /** The provider's operator, from the lists already loaded when possible. */
  async operator(operatorId: number): Promise<ProviderOperator | null> {
    const known = this.operatorsById.get(operatorId);
    if (known) return known;
    const entry = await this.cached(`operator:${operatorId}`, CATALOG_FRESH_MS.operators, () => this.provider.getOperator(providerOperatorId(operatorId)));
    if (entry.value) this.operatorsById.set(operatorId, entry.value);
    return entry.value;
  }

  async validatePhone(phoneNumber: string, countryCode: string): Promise<TValidatePhoneResponse> {
    const check = checkMobileNumber(phoneNumber, countryCode);
    if (!check.valid) return { valid: false, error: check.error, phoneNumber: null, detectedOperatorId: null };
    let detectedOperatorId: number | null = null;
    try {
      detectedOperatorId = await this.detectOperator(check.e164, countryCode);
    } catch (err) {
      // Detection is a convenience: the number is still valid when the provider cannot say.
      this.log.warn({ err }, 'operator auto-detect failed');
    }
    return { valid: true, error: null, phoneNumber: check.e164, detectedOperatorId };
  }

  /**
   * The operator the number belongs to, when the provider can tell and the catalog knows it as an
   * airtime operator of the number's country; null otherwise (no prefix matched, a number that moved,
   * a provider that cannot say or is down): such a number cannot be told apart and is taken as is.
   */
  async operatorOfNumber(e164: string, countryCode: string): Promise<ProviderOperator | null> {
    let detected: number | null;
    try {
      detected = await this.detectOperator(e164, countryCode);
    } catch (err) {
      this.log.warn({ err }, 'operator auto-detect failed; the number is taken as is');
      return null;
    }
    const operator = detected === null ? null : await this.operator(detected).catch(() => null);
    return operator && operator.countryCode === countryCode && operator.serviceType === 'airtime' ? operator : null;
  }

  /**
   * The provider's operator for a number, asked once per number for a while: anyone may ask (the
   * checks are anonymous), and each answer costs a provider call. Parallel asks share one call.
   */
  private detectOperator(e164: string, countryCode: string): Promise<number | null> {
    const key = `${countryCode}:${e164}`;
    const known = this.detections.get(key);
    if (known && this.now() - known.at < DETECTION_FRESH_MS) return known.operatorId;
    const asked = this.provider.detectOperator(e164, countryCode).then((detected) => (detected ? wireOperatorId(detected.operatorId) : null));
    this.detections.delete(key);
    this.detections.set(key, { operatorId: asked, at: this.now() });
    // The oldest answer goes first once the cache is full; a failure is not kept.
    if (this.detections.size > MAX_DETECTIONS) this.detections.delete(this.detections.keys().next().value!);
    asked.catch(() => this.detections.delete(key));
    return asked;
  }

  /**
   * A full international number, however written (see internationalForm): its country, the number
   * (E.164 and national), and its operator when the provider can tell, with what a client needs to
   * go straight to the amounts (the operator's id, service type, denominations or range).
   */
  async detectPhone(phoneNumber: string, limits: AmountLimits): Promise<TDetectPhoneResponseWire> {
    const e164 = internationalForm(phoneNumber);
    const code = e164 ? countryOfNumber(e164) : null;
    const country = code ? await this.country(code) : null;
    if (!e164 || !country) {
      return {
        valid: false,
        error: PHONE_ERROR_MESSAGES.needsCountryCode,
        phoneNumber: null,
        detectedOperatorId: null,
        country: null,
        nationalNumber: null,
        operator: null,
      };
    }
    const check = await this.validatePhone(e164, country.code);
    const operators = check.detectedOperatorId === null ? null : await this.operators(country.code, limits).catch(() => null);
    return {
      ...check,
      country,
      nationalNumber: check.valid ? nationalNumber(e164) : null,
      operator: operators?.value.find((o) => o.operatorId === check.detectedOperatorId) ?? null,
    };
  }

  private async providerOperators(countryCode: string): Promise<Entry<ProviderOperator[]>> {
    const entry = await this.cached(`provider-operators:${countryCode}`, CATALOG_FRESH_MS.operators, () => this.provider.listOperators(countryCode));
    if (!this.indexedOperators.has(entry)) {
      for (const op of entry.value) this.operatorsById.set(wireOperatorId(op.operatorId), op);
      this.indexedOperators.add(entry);
    }
    return entry;
  }

  /** A view of another entry, recomputed only when that entry changes. */
  private derived<S, T>(key: string, source: Entry<S>, build: () => T): Entry<T> {
    const hit = this.memory.get(key) as Entry<T> | undefined;
    if (hit && hit.fetchedAt === source.fetchedAt) return hit;
    const built = entry(build(), source.fetchedAt);
    this.memory.set(key, built);
    return built;
  }

  private async cached<T>(key: string, freshMs: number, load: () => Promise<T>): Promise<Entry<T>> {
    const hit = this.memory.get(key) as Entry<T> | undefined;
    if (hit) {
      if (this.now() - hit.fetchedAt >= freshMs) void this.refresh(key, load).catch(() => undefined);
      return hit;
    }
    try {
      return await this.refresh(key, load);
    } catch (err) {
      const saved = await this.fromTable<T>(key);
      if (saved) {
        this.log.warn({ err, key }, 'catalog provider unavailable; serving the last good copy');
        this.memory.set(key, saved);
        return saved;
      }
      if (err instanceof AppError) throw err;
      this.log.error({ err, key }, 'catalog provider unavailable and no saved copy: the customer gets a 503');
      throw new AppError('PROVIDER_UNAVAILABLE', 'The top-up catalog is unavailable right now. Please try again in a moment.');
    }
  }

  private refresh<T>(key: string, load: () => Promise<T>): Promise<Entry<T>> {
    let pending = this.inflight.get(key) as Promise<Entry<T>> | undefined;
    if (!pending) {
      pending = (async () => {
        const loaded = entry(await load(), this.now());
        this.memory.set(key, loaded);
        const saved = { value: loaded.value as object, fetchedAt: new Date(loaded.fetchedAt) };
        await this.db
          .insert(catalogCache)
          .values({ key, ...saved })
          .onConflictDoUpdate({ target: catalogCache.key, set: saved })
          .catch((err) => this.log.warn({ err, key }, 'could not save catalog copy'));
        return loaded;
      })().finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async fromTable<T>(key: string): Promise<Entry<T> | null> {
    const [row] = await this.db.select().from(catalogCache).where(eq(catalogCache.key, key));
    if (!row) return null;
    return entry(row.value as T, row.fetchedAt.getTime());
  }
}

function toCountry(c: ProviderCountry): TCountry | null {
  const id = countryNumericId(c.code);
  if (id === null) return null;
  return { id, name: c.name, code: c.code, dialCode: c.callingCodes[0] ?? '', flag: c.flagUrl ?? '', currencyCode: c.currencyCode };
}

/** The settings' amount limits, in US cents. */
export interface AmountLimits {
  minAmountCents: number;
  maxAmountCents: number;
}

function toOperator(o: ProviderOperator, limits: AmountLimits): TOperatorWire {
  const id = wireOperatorId(o.operatorId);
  return {
    id,
    operatorId: id,
    name: o.name,
    countryCode: o.countryCode,
    logoUrls: o.logoUrls,
    logo: o.logoUrls[0] ?? null,
    serviceType: o.serviceType,
    denominationType: o.denominationType,
    minAmount: centsToDollars(o.minAmountCents),
    maxAmount: centsToDollars(o.maxAmountCents),
    localCurrencyCode: o.localCurrencyCode,
    localCurrencySymbol: o.localCurrencySymbol,
    localMinAmount: localAmountFor(o, o.minAmountCents),
    localMaxAmount: localAmountFor(o, o.maxAmountCents),
    custom: customRange(o, limits),
  };
}

/** FIXED: the denominations; RANGE: the provider's suggestions, else the spec's quick amounts, within range. */
function amountOptions(o: ProviderOperator): TAmountOption[] {
  const base = { currencySymbol: o.localCurrencySymbol, currencyCode: o.localCurrencyCode };
  if (o.denominationType === 'FIXED') {
    return o.fixedAmountsCents.map((cents, i) => ({
      ...base,
      id: `${o.operatorId}-${cents}`,
      amount: centsToDollars(cents),
      localAmount: localAmountFor(o, cents),
      description: o.fixedAmountDescriptions[i] ?? null,
    }));
  }
  const quick = QUICK_AMOUNTS_USD.map(dollarsToCents);
  const candidates = o.suggestedAmountsCents.length ? o.suggestedAmountsCents : quick;
  return candidates
    .filter((cents) => cents >= o.minAmountCents && cents <= o.maxAmountCents)
    .map((cents) => ({
      ...base,
      id: `${o.operatorId}-${cents}`,
      amount: centsToDollars(cents),
      localAmount: localAmountFor(o, cents),
      description: null,
    }));
}

/**
 * What the recipient gets for `cents`, in the operator's currency: a denomination's own local amount,
 * or a range operator's rate applied (to the hundredth). Null when the provider gives neither. The
 * one conversion: amount choices, quotes and orders all take it from here.
 */
export function localAmountFor(o: ProviderOperator, cents: number): number | null {
  if (o.denominationType === 'FIXED') return o.localFixedAmounts[o.fixedAmountsCents.indexOf(cents)] ?? null;
  return o.fxRate === null ? null : centsToDollars(Math.round(cents * o.fxRate));
}

/**
 * A range operator's custom amount: its limits within the settings', in dollars, and in its currency
 * rounded inward to the local cent, so that the local limits typed convert (centsForLocalAmount) within
 * the dollar ones. Null for fixed amounts or when the ranges do not meet.
 */
function customRange(o: ProviderOperator, limits: AmountLimits): TOperatorWire['custom'] {
  if (o.denominationType !== 'RANGE') return null;
  const min = Math.max(o.minAmountCents, limits.minAmountCents);
  const max = Math.min(o.maxAmountCents, limits.maxAmountCents);
  if (min > max) return null;
  const rate = o.fxRate !== null && o.fxRate > 0 && o.localCurrencyCode ? o.fxRate : null;
  // The tolerance keeps a float product such as 3000.0000000001 from moving a limit by a cent.
  return {
    min: centsToDollars(min),
    max: centsToDollars(max),
    localMin: rate === null ? null : centsToDollars(Math.ceil(min * rate - 1e-6)),
    localMax: rate === null ? null : centsToDollars(Math.floor(max * rate + 1e-6)),
  };
}

/**
 * The US cents to charge so that the recipient gets at least `localAmount` of a range operator's
 * currency (rounded up to the cent); null when the operator has no rate or sells fixed amounts.
 */
export function centsForLocalAmount(o: ProviderOperator, localAmount: number): number | null {
  if (o.denominationType !== 'RANGE' || !o.fxRate || o.fxRate <= 0) return null;
  // The small tolerance keeps a float quotient such as 416.99999999 from costing one cent more.
  return Math.ceil((localAmount * 100) / o.fxRate - 1e-6);
}

/** Whether `cents` is a valid top-up for the operator. */
export function operatorAccepts(o: ProviderOperator, cents: number): boolean {
  return o.denominationType === 'FIXED' ? o.fixedAmountsCents.includes(cents) : cents >= o.minAmountCents && cents <= o.maxAmountCents;
}
