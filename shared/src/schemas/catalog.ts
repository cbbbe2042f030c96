import { z } from 'zod';
import { ZIntId, ZServiceType, ZUsd } from './common';

/** Country (spec section 3): id, name, code, dialCode, flag. `id` is the ISO 3166-1 numeric code. */
export const ZCountry = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().length(2),
  dialCode: z.string(),
  flag: z.string(),
  currencyCode: z.string().nullable(),
});
export type TCountry = z.infer<typeof ZCountry>;

const ZDenominationType = z.enum(['FIXED', 'RANGE']);

/** Operator (spec section 3): id/operatorId, name, logoUrls, logo; plus what a client needs to offer amounts. */
export const ZOperator = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  name: z.string(),
  countryCode: z.string().length(2),
  logoUrls: z.array(z.string()),
  logo: z.string().nullable(),
  serviceType: ZServiceType,
  denominationType: ZDenominationType,
  /** USD limits for RANGE operators; for FIXED the smallest and largest denomination. */
  minAmount: z.number(),
  maxAmount: z.number(),
  localCurrencyCode: z.string().nullable(),
  localCurrencySymbol: z.string().nullable(),
  /** What the recipient gets at `minAmount` and `maxAmount`, in the local currency (null when the provider gives no rate). */
  localMinAmount: z.number().nullable(),
  localMaxAmount: z.number().nullable(),
  /**
   * A RANGE operator's custom amount, as an order takes it: the operator's limits within the service's
   * (the admin's minimum and maximum), in US dollars and, with a rate, in the local currency (rounded
   * inward, so each converts back within the dollar limits). Null for FIXED operators, or when the two
   * ranges do not meet. Every client's custom-amount hint and refusal come from it (custom-amount.ts).
   */
  custom: z
    .object({
      min: ZUsd,
      max: ZUsd,
      localMin: z.number().nullable(),
      localMax: z.number().nullable(),
    })
    .nullable(),
});
export type TOperator = z.infer<typeof ZOperator>;
/** An operator as the API writes it (dollars). */
export type TOperatorWire = z.input<typeof ZOperator>;

/** Amount option (spec section 3). `amount` is in USD; the local amount is what the phone receives. */
export const ZAmountOption = z.object({
  id: z.string(),
  amount: z.number(),
  localAmount: z.number().nullable(),
  currencySymbol: z.string().nullable(),
  currencyCode: z.string().nullable(),
  description: z.string().nullable(),
});
export type TAmountOption = z.infer<typeof ZAmountOption>;

export const ZPromotion = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /**
   * The spec's percentage off, always null: a promotion is the operator's bonus (more airtime, free
   * data), and what the customer pays is always the quote. Kept for the clients that read it.
   */
  discount: z.null(),
  operatorId: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type TPromotion = z.infer<typeof ZPromotion>;

/** `{id}` in /api/countries/{id}/operators: the numeric id or the two-letter code. */
export const ZCountryParam = z.object({
  id: z.union([
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((s) => s.toUpperCase()),
    ZIntId,
  ]),
});

export const ZOperatorParam = z.object({ operatorId: ZIntId });

export const ZOperatorsQuery = z.object({ serviceType: ZServiceType.optional() });
export const ZAmountsQuery = z.object({ serviceType: ZServiceType.default('airtime') });

export const ZValidatePhoneRequest = z.object({
  phoneNumber: z.string().trim().min(1, 'Phone number is required').max(32),
  /** Two-letter code; the spec's clients send the country's code. */
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'countryCode must be a two-letter country code')
    .transform((s) => s.toUpperCase()),
});
export const ZValidatePhoneResponse = z.object({
  valid: z.boolean(),
  error: z.string().nullable(),
  /** E.164 form when valid. */
  phoneNumber: z.string().nullable(),
  /** The operator the provider detected for the number, when it could. */
  detectedOperatorId: z.number().int().nullable(),
});
export type TValidatePhoneResponse = z.infer<typeof ZValidatePhoneResponse>;

/** POST /api/phone/detect: a full international number -> its country and operator. */
export const ZDetectPhoneRequest = z.object({
  phoneNumber: z.string().trim().min(1, 'Phone number is required').max(32),
});
export const ZDetectPhoneResponse = ZValidatePhoneResponse.extend({
  country: ZCountry.nullable(),
  /** The number without its country code, as the phone step's field takes it. */
  nationalNumber: z.string().nullable(),
  /** The detected operator, as its country's list has it: enough to ask for its amounts and go to the amount step. */
  operator: ZOperator.nullable(),
});
export type TDetectPhoneResponse = z.infer<typeof ZDetectPhoneResponse>;
export type TDetectPhoneResponseWire = z.input<typeof ZDetectPhoneResponse>;
