/** One list of error codes for every package; the API maps each to an HTTP status in one place. */

export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  INVALID_PHONE: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  UNAUTHORIZED: 401,
  /** The password was right; the account's second factor (a TOTP code) is needed too. */
  TOTP_REQUIRED: 401,
  FORBIDDEN: 403,
  REGISTRATIONS_CLOSED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATE: 409,
  INSUFFICIENT_FUNDS: 409,
  /**
   * The number belongs to another operator the catalog knows; the error's `details`
   * name it (ZOperatorMismatchDetails) so a client can offer to switch.
   */
  OPERATOR_MISMATCH: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_UNAVAILABLE: 503,
  MAINTENANCE: 503,
  PRICE_UNAVAILABLE: 503,
  NETWORK_DISABLED: 503,
  /** The database cannot be reached: send the request again after Retry-After (with the same Idempotency-Key). */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_CODES;

/** Codes whose error body carries `error.details` for clients to read; other errors' details stay on the server. */
export const ERRORS_WITH_DETAILS: ReadonlySet<TErrorCode> = new Set<TErrorCode>(['OPERATOR_MISMATCH']);

export function httpStatusOf(code: TErrorCode): number {
  return ERROR_CODES[code];
}
