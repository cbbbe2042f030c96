import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { Customer, CustomerService } from '../services/customers';
import { AppError, parse } from './errors';

declare module 'express-serve-static-core' {
  interface Request {
    customer?: Customer;
  }
}

const ZTelegramHeaders = z.object({
  'x-telegram-user-id': z.string().regex(/^\d{1,15}$/, 'must be a Telegram user id').transform(Number),
  'x-telegram-first-name': z.string().max(256).optional(),
  'x-telegram-last-name': z.string().max(256).optional(),
});

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Who the customer behind a request is, when anyone: the bot calls with its service credential
 * (`x-service-token`) and the Telegram user it acts for (`x-telegram-user-id`, names URI-encoded).
 * A request without credentials stays anonymous; a wrong credential is refused.
 */
export function identifyCustomer(customers: CustomerService, opts: { botApiSecret: string }): RequestHandler {
  return async (req, _res, next) => {
    const serviceToken = req.get('x-service-token');
    if (serviceToken === undefined) return next();
    if (!sameSecret(serviceToken, opts.botApiSecret)) throw new AppError('UNAUTHORIZED', 'Invalid service credential.');
    const headers = parse(ZTelegramHeaders, {
      'x-telegram-user-id': req.get('x-telegram-user-id'),
      'x-telegram-first-name': req.get('x-telegram-first-name'),
      'x-telegram-last-name': req.get('x-telegram-last-name'),
    });
    const decode = (v: string | undefined) => (v === undefined ? null : decodeURIComponent(v));
    req.customer = await customers.fromTelegram({
      id: headers['x-telegram-user-id'],
      firstName: decode(headers['x-telegram-first-name']),
      lastName: decode(headers['x-telegram-last-name']),
    });
    next();
  };
}

/** For routes that need a known customer. */
export const requireCustomer: RequestHandler = (req, _res, next) => {
  if (!req.customer) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
  next();
};

/** For routes only the bot calls (its service credential, with or without a user). */
export function requireService(opts: { botApiSecret: string }): RequestHandler {
  return (req, _res, next) => {
    const token = req.get('x-service-token');
    if (!token || !sameSecret(token, opts.botApiSecret)) throw new AppError('UNAUTHORIZED', 'Service credential required.');
    next();
  };
}
