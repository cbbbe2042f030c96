import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

/**
 * The API's logger: JSON lines on stdout. Every line written while a request is being handled carries
 * that request's id (`reqId`), also from services that were handed the plain logger long before the
 * request came: the id travels in an AsyncLocalStorage, not in the logger objects.
 */

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

export function createLogger(level: Level | 'silent', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      mixin(merge, _level, logger) {
        const reqId = requestContext.getStore()?.reqId;
        // The access line names the id itself, and a logger may bind it: no second copy on their lines.
        if (!reqId || 'reqId' in merge || (logger as Logger).bindings().reqId) return {};
        return { reqId };
      },
    },
    destination,
  );
}

/** Runs `fn` (and everything it starts) as part of the request `reqId`. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return requestContext.run({ reqId }, fn);
}

/** The id of the request being handled, if any (for answers that name it). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}
