/** The one error of an API call, for every client: the API answered, and not OK. */

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came (a surface that says so: the bot). */
    readonly status: number,
    /** The API's error code (`error.code`), else HTTP_ERROR (NETWORK with status 0). */
    readonly code: string,
    /** The server's own message (`message`, `error.message` or a string `error`); null when it sent none. */
    readonly serverMessage: string | null,
    /** Spec section 8: "status: body text" (the status text when the body is empty). */
    readonly statusLine: string,
    options?: { cause?: unknown; details?: unknown },
  ) {
    super(serverMessage ?? statusLine, options);
    this.name = 'ApiError';
    this.details = options?.details;
  }

  /** What the API said beside its message (`error.details`), for the codes that carry some (ERRORS_WITH_DETAILS). */
  readonly details: unknown;
}
