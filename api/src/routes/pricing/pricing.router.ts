import { Router } from 'express';
import { formatCryptoAmount, formatUnits, ZCryptoPriceQuery, type TCryptoPriceResponse, type TSiteConfig } from '@topup/shared';
import { parse } from '../../http/errors';
import type { PricingService } from '../../services/pricing';
import type { SettingsService } from '../../services/settings';

export function pricingRouter(pricing: PricingService, settings: SettingsService, site?: TSiteConfig): Router {
  const router = Router();

  /** Converts a USD amount as sent (clients send the total they will pay). */
  router.get('/crypto/prices', async (req, res) => {
    const { amount, crypto } = parse(ZCryptoPriceQuery, req.query);
    const quote = await pricing.quote(crypto, amount);
    const body: TCryptoPriceResponse = {
      success: true,
      // MATIC (old clients) is answered as the coin it is now, POL.
      crypto: quote.coin,
      amount: amount / 100,
      cryptoAmount: formatCryptoAmount(quote.units, quote.decimals),
      cryptoAmountBaseUnits: quote.units.toString(),
      decimals: quote.decimals,
      price: Number(formatUnits(quote.usdE8, 8)),
      priceSource: quote.source,
      priceUpdatedAt: quote.priceUpdatedAt.toISOString(),
    };
    res.json(body);
  });

  /** The fee and limits every flow shows (DESIGN.md section 6), and whether orders are paused. */
  router.get('/pricing', async (_req, res) => {
    const [p, system] = await Promise.all([settings.get('pricing'), settings.get('system')]);
    res.json({ serviceFee: p.serviceFeeCents / 100, minAmount: p.minAmountCents / 100, maxAmount: p.maxAmountCents / 100, maintenanceMode: system.maintenanceMode });
  });

  /** What the web site needs to know about this server (shared ZSiteConfig): sign-in options, support contacts. */
  router.get('/site-config', (_req, res) => {
    res.json(site ?? { telegramBotId: null, emailDelivery: 'local-outbox', support: { email: null, telegram: null, whatsapp: null } });
  });

  return router;
}
