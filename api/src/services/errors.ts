import type { TErrorCode } from '@topup/shared';

/**
 * The domain's error: a code from the shared list and a message meant for the client. Services throw it;
 * the HTTP layer maps its code to a status in one place (`http/errors.ts`).
 */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
