import type { Store } from 'express-rate-limit';
import { Router, type Response } from 'express';
import { ZAmountsQuery, ZCountryParam, ZDetectPhoneRequest, ZOperatorParam, ZOperatorsQuery, ZValidatePhoneRequest } from '@topup/shared';
import { parse } from '../../http/errors';
import { phoneCheckRateLimit } from '../../http/middleware';
import { AppError } from '../../services/errors';
import type { CatalogService, Entry } from '../../services/catalog';
import type { SettingsService } from '../../services/settings';

/** Sends an already serialised catalog list; a client holding the same ETag gets a 304. */
function sendJson(res: Response, { body, etag }: Entry<unknown>) {
  res.set({ 'content-type': 'application/json; charset=utf-8', etag }).send(body);
}

export function catalogRouter(
  catalog: CatalogService,
  settings: SettingsService,
  opts: { phoneCheckRateLimitPerMinute: number; botApiSecret: string; rateLimitStore?: Store },
): Router {
  const router = Router();
  const phoneLimit = phoneCheckRateLimit(opts.phoneCheckRateLimitPerMinute, { botApiSecret: opts.botApiSecret, store: opts.rateLimitStore });

  router.get('/countries', async (_req, res) => {
    sendJson(res, await catalog.countries());
  });

  router.get('/countries/:id/operators', async (req, res) => {
    const { id } = parse(ZCountryParam, req.params);
    const { serviceType } = parse(ZOperatorsQuery, req.query);
    const country = await catalog.country(id);
    if (!country) throw new AppError('NOT_FOUND', `Country ${id} not found`);
    sendJson(res, await catalog.operators(country.code, await settings.get('pricing'), serviceType));
  });

  /** Only the options the admin's minimum and maximum allow: no client filters them again. */
  router.get('/operators/:operatorId/amounts', async (req, res) => {
    const { operatorId } = parse(ZOperatorParam, req.params);
    const { serviceType } = parse(ZAmountsQuery, req.query);
    sendJson(res, await catalog.amounts(operatorId, serviceType, await settings.get('pricing')));
  });

  router.get('/promotions', async (_req, res) => {
    sendJson(res, await catalog.promotions());
  });

  router.post('/phone/detect', phoneLimit, async (req, res) => {
    const { phoneNumber } = parse(ZDetectPhoneRequest, req.body);
    res.json(await catalog.detectPhone(phoneNumber, await settings.get('pricing')));
  });

  router.post('/validate/phone', phoneLimit, async (req, res) => {
    const { phoneNumber, countryCode } = parse(ZValidatePhoneRequest, req.body);
    res.json(await catalog.validatePhone(phoneNumber, countryCode));
  });

  return router;
}
