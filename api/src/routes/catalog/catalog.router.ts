import type { Store } from 'express-rate-limit';
import { Router } from 'express';
import { ZAmountsQuery, ZCountryParam, ZDetectPhoneRequest, ZOperatorParam, ZOperatorsQuery, ZValidatePhoneRequest } from '@topup/shared';
import { parse } from '../../http/errors';
import { phoneCheckRateLimit } from '../../http/middleware';
import { AppError } from '../../services/errors';
import type { CatalogService } from '../../services/catalog';
import { hotRead, type HotRead } from '../../http/hot-reads';
import type { SettingsService } from '../../services/settings';

/** The catalog's public reads, served in front of Express (http/hot-reads.ts). */
export function catalogReads(catalog: CatalogService, settings: SettingsService): HotRead[] {
  return [
    hotRead({ path: '/countries', read: () => catalog.countries() }),
    hotRead({
      path: '/countries/:id/operators',
      params: ZCountryParam,
      query: ZOperatorsQuery,
      read: async ({ id }, { serviceType }) => {
        const country = await catalog.country(id);
        if (!country) throw new AppError('NOT_FOUND', `Country ${id} not found`);
        return catalog.operators(country.code, await settings.get('pricing'), serviceType);
      },
    }),
    /** Only the options the admin's minimum and maximum allow: no client filters them again. */
    hotRead({
      path: '/operators/:operatorId/amounts',
      params: ZOperatorParam,
      query: ZAmountsQuery,
      read: async ({ operatorId }, { serviceType }) => catalog.amounts(operatorId, serviceType, await settings.get('pricing')),
    }),
    hotRead({ path: '/promotions', read: () => catalog.promotions() }),
  ];
}

export function catalogRouter(
  catalog: CatalogService,
  settings: SettingsService,
  opts: { phoneCheckRateLimitPerMinute: number; botApiSecret: string; rateLimitStore?: Store },
): Router {
  const router = Router();
  const phoneLimit = phoneCheckRateLimit(opts.phoneCheckRateLimitPerMinute, { botApiSecret: opts.botApiSecret, store: opts.rateLimitStore });

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
