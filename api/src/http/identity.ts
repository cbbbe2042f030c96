import crypto from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { validate as validateInitData } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import type { Customer, CustomerService } from '../services/customers';
import type { CustomerAuthService } from '../services/customer-auth';
import { parse } from './errors';
import { AppError } from '../services/errors';
import { datedInFuture } from '../services/telegram-auth-date';

declare module 'express-serve-static-core' {
  interface Request {
    customer?: Customer;
    /**
     * The Telegram user the mini-app or the bot acts for, customer or not (a user never seen is no
     * customer while new registrations are closed, and still checks out).
     */
    telegramUserId?: number;
    /** How the customer reached us: the mini-app, the bot, or a web session. */
    channel?: 'telegram' | 'bot' | 'web';
    /** Telegram's language_code of the mini-app's user (from the signed init data). */
    telegramLanguage?: string;
  }
}

/** A name header, URI-encoded by the bot (headers carry no Unicode). */
const ZEncodedName = z
  .string()
  .max(256)
  .transform((v, ctx) => {
    try {
      return decodeURIComponent(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be URI-encoded' });
      return z.NEVER;
    }
  })
  .optional();

const ZTelegramHeaders = z.object({
  'x-telegram-user-id': z
    .string()
    .regex(/^\d{1,15}$/, 'must be a Telegram user id')
    .transform(Number),
  'x-telegram-first-name': ZEncodedName,
  'x-telegram-last-name': ZEncodedName,
});

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The web site's session cookie (httpOnly): a random token, see CustomerAuthService. */
export const SESSION_COOKIE = 'sid';

interface IdentityOptions {
  botApiSecret: string;
  /** Mini-app init data is signed with the bot's token; without one, mini-app requests cannot be trusted. */
  telegramBotToken?: string;
  /** Init data older than this is refused. */
  initDataMaxAgeSeconds: number;
}

/**
 * Who the customer behind a request is, when anyone (a signed-in web session cookie otherwise):
 *  - the mini-app sends Telegram's init data (`Authorization: tma <initData>`), checked against the bot
 *    token's signature and its age;
 *  - the bot calls with its service credential (`x-service-token`) and the Telegram user it acts for
 *    (`x-telegram-user-id`, names URI-encoded).
 * Both name the same customer for the same Telegram user. A request without credentials stays
 * anonymous; a wrong credential is refused.
 */
export function identifyCustomer(customers: CustomerService, sessions: CustomerAuthService, opts: IdentityOptions): RequestHandler {
  return async (req, _res, next) => {
    const authorization = req.get('authorization');
    if (authorization?.startsWith('tma ')) {
      const { languageCode, ...user } = miniAppUser(authorization.slice(4).trim(), opts);
      req.telegramUserId = user.id;
      req.customer = (await customers.fromTelegram(user)) ?? undefined;
      req.channel = 'telegram';
      req.telegramLanguage = languageCode;
      return next();
    }
    const serviceToken = req.get('x-service-token');
    if (serviceToken === undefined) {
      const session = req.cookies?.[SESSION_COOKIE] as string | undefined;
      const customerId = session ? await sessions.customerOfSession(session) : null;
      if (customerId !== null) req.customer = (await customers.byId(customerId)) ?? undefined;
      if (req.customer) req.channel = 'web';
      return next();
    }
    if (!sameSecret(serviceToken, opts.botApiSecret)) throw new AppError('UNAUTHORIZED', 'Invalid service credential.');
    // The bot on its own behalf (its outbox, say): a service call for no customer.
    if (req.get('x-telegram-user-id') === undefined) return next();
    const headers = parse(ZTelegramHeaders, {
      'x-telegram-user-id': req.get('x-telegram-user-id'),
      'x-telegram-first-name': req.get('x-telegram-first-name'),
      'x-telegram-last-name': req.get('x-telegram-last-name'),
    });
    req.telegramUserId = headers['x-telegram-user-id'];
    req.customer =
      (await customers.fromTelegram({
        id: headers['x-telegram-user-id'],
        firstName: headers['x-telegram-first-name'] ?? null,
        lastName: headers['x-telegram-last-name'] ?? null,
      })) ?? undefined;
    req.channel = 'bot';
    next();
  };
}

/** The Telegram user of valid, fresh mini-app init data; a 401 otherwise. */
function miniAppUser(initData: string, opts: IdentityOptions) {
  if (!opts.telegramBotToken) throw new AppError('UNAUTHORIZED', 'Telegram sign-in is not configured on this server.');
  try {
    validateInitData(initData, opts.telegramBotToken, { expiresIn: opts.initDataMaxAgeSeconds });
  } catch (err) {
    const expired = err instanceof Error && /expired/i.test(err.name + err.message);
    throw new AppError('UNAUTHORIZED', expired ? 'Telegram data has expired. Please reopen the app.' : 'Invalid Telegram data.');
  }
  const params = new URLSearchParams(initData);
  if (datedInFuture(Number(params.get('auth_date')))) throw new AppError('UNAUTHORIZED', 'Telegram data is dated in the future. Please reopen the app.');
  const user = ZInitDataUser.safeParse(jsonOrNull(params.get('user')));
  if (!user.success) throw new AppError('UNAUTHORIZED', 'Telegram data names no user.');
  return { id: user.data.id, firstName: user.data.first_name ?? null, lastName: user.data.last_name ?? null, languageCode: user.data.language_code };
}

/** The `user` field of init data, as Telegram writes it. */
const ZInitDataUser = z.object({
  id: z.number().int(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  language_code: z.string().max(35).optional(),
});

function jsonOrNull(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** For routes that need a known customer. */
export const requireCustomer: RequestHandler = (req, _res, next) => {
  if (!req.customer) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
  next();
};

/** Whether the request carries the bot's service credential. */
export function isServiceCall(req: Request, botApiSecret: string): boolean {
  const token = req.get('x-service-token');
  return token !== undefined && sameSecret(token, botApiSecret);
}

/**
 * The Telegram user the bot names on a call carrying its service credential (`x-telegram-user-id`);
 * null for any other call, or a malformed id. Usable before identifyCustomer (no database read).
 */
export function vouchedTelegramUser(req: Request, botApiSecret: string): number | null {
  const id = req.get('x-telegram-user-id');
  if (id === undefined || !isServiceCall(req, botApiSecret)) return null;
  const parsed = ZTelegramHeaders.shape['x-telegram-user-id'].safeParse(id);
  return parsed.success ? parsed.data : null;
}

/** For routes only the bot calls (its service credential, with or without a user). */
export function requireService(opts: { botApiSecret: string }): RequestHandler {
  return (req, _res, next) => {
    if (!isServiceCall(req, opts.botApiSecret)) throw new AppError('UNAUTHORIZED', 'Service credential required.');
    next();
  };
}
