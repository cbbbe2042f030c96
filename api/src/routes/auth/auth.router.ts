import express, { Router, type Response } from 'express';
import { z } from 'zod';
import { centsToDollars, negotiateLocale, ZTelegramLogin, zEmail } from '@topup/shared';
import { rateLimit, type Store } from 'express-rate-limit';
import { errorBody, parse } from '../../http/errors';
import { AppError } from '../../services/errors';
import { requireCustomer, SESSION_COOKIE } from '../../http/identity';
import type { BalanceService } from '../../services/balances';
import type { CustomerAuthService } from '../../services/customer-auth';
import type { OrderService } from '../../services/orders';

const ZEmailStart = z.object({ email: zEmail('Please enter a valid email address.'), locale: z.string().trim().max(35).optional() });
const ZEmailVerify = ZEmailStart.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});

/** The one route with a body larger than the API's JSON limit: it parses its own. */
export const PROFILE_PICTURE_PATH = '/user/profile-picture';

/** The spec's profile picture rules: images only, at most 5 MB. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ZProfilePicture = z.object({ profileImageData: z.string() });
const IMAGE_DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,/i;

export function authRouter(deps: {
  auth: CustomerAuthService;
  balances: BalanceService;
  orders: OrderService;
  secureCookies: boolean;
  rateLimitStore?: Store;
}): Router {
  const { auth } = deps;
  const router = Router();
  const limit = rateLimit({
    windowMs: 15 * 60_000,
    limit: 20,
    store: deps.rateLimitStore,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => void res.status(429).json(errorBody('RATE_LIMITED', 'Too many sign-in attempts. Please wait a few minutes.')),
  });

  const signIn = (res: Response, token: string) =>
    res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, path: '/', maxAge: 30 * 24 * 60 * 60 * 1000 });

  /** The anonymous orders this browser holds tokens for, to attach at sign-in. */
  const heldOrders = (tokens: string | undefined) => deps.orders.lookup.paymentIdsForTokens((tokens ?? '').split(','));

  router.post('/auth/email/start', limit, async (req, res) => {
    const { email, locale } = parse(ZEmailStart, req.body);
    // The code's e-mail in the page's language (its `locale`), else the browser's.
    await auth.sendEmailCode(email, negotiateLocale({ chosen: locale, accepted: req.get('accept-language') }));
    res.json({ success: true, message: `We sent a 6-digit code to ${email}.` });
  });

  router.post('/auth/email/verify', limit, async (req, res) => {
    const { email, code } = parse(ZEmailVerify, req.body);
    signIn(res, await auth.verifyEmailCode(email, code, heldOrders(req.get('x-order-token'))));
    res.json({ success: true, message: 'Signed in' });
  });

  router.post('/auth/telegram', limit, async (req, res) => {
    const data = parse(ZTelegramLogin, req.body);
    signIn(res, await auth.telegramLogin(data, heldOrders(req.get('x-order-token'))));
    res.json({ success: true, message: 'Signed in' });
  });

  /** POST with a JSON body only: a form on another site can send neither (and see the same-origin check in app.ts). */
  router.post('/auth/logout', async (req, res) => {
    if (!req.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Sign out with a JSON POST from this site.');
    const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
    if (token) await auth.endSession(token);
    res.clearCookie(SESSION_COOKIE, { path: '/' }).json({ success: true, message: 'Signed out' });
  });

  /** The spec's user lookup: 401 when signed out. */
  router.get('/auth/user', requireCustomer, async (req, res) => {
    const c = req.customer!;
    res.json({
      id: c.id,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      telegramUserId: c.telegramUserId,
      balance: centsToDollars(await deps.balances.balanceCents(c.id)),
      createdAt: c.createdAt,
      joinDate: c.createdAt,
      profileImageUrl: c.profileImageUrl,
    });
  });

  router.post(PROFILE_PICTURE_PATH, requireCustomer, express.json({ limit: '8mb' }), async (req, res) => {
    const { profileImageData } = parse(ZProfilePicture, req.body);
    const type = IMAGE_DATA_URL.exec(profileImageData);
    if (!type) throw new AppError('VALIDATION_ERROR', 'Invalid file type: Please select an image file (PNG, JPG, JPEG, etc.)');
    const data = Buffer.from(profileImageData.slice(type[0].length), 'base64');
    if (data.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'File too large: Please select an image smaller than 5MB');
    const contentType = type[1]!.toLowerCase();
    res.json({ success: true, profileImageUrl: await auth.setProfileImage(req.customer!.id, contentType, data) });
  });

  router.get('/user/profile-picture/:publicId', async (req, res) => {
    const { publicId } = parse(z.object({ publicId: z.string().regex(/^[\w-]{16,64}$/, 'unknown picture') }), req.params);
    const image = await auth.profileImage(publicId);
    if (!image) throw new AppError('NOT_FOUND', 'No profile picture');
    // An image cannot run script, but a stored SVG could: never let the browser render it as a page.
    res
      .type(image.contentType)
      .set({
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'x-content-type-options': 'nosniff',
      })
      .send(image.data);
  });

  return router;
}
