import { Router } from 'express';
import {
  formatCryptoAmount,
  formatUnits,
  ZCryptoPriceQuery,
  ZCryptoPriceResponse,
  ZPricingSettings,
  ZQuote,
  ZQuoteQuery,
  type TSiteConfig,
} from '@topup/shared';
import { parse } from '../../http/errors';
import type { CatalogService } from '../../services/catalog';
import type { PricingService, Quote } from '../../services/pricing';
import { quoteOrder } from '../../services/quote';
import type { SettingsService } from '../../services/settings';

/** A conversion as the wire shows it: the exact amount to send and the price it came from. */
const cryptoAmount = (quote: Quote) => ({
  cryptoAmount: formatCryptoAmount(quote.units, quote.decimals),
  cryptoAmountBaseUnits: quote.units.toString(),
  decimals: quote.decimals,
  price: Number(formatUnits(quote.usdE8, 8)),
  priceSource: quote.source,
  priceUpdatedAt: quote.priceUpdatedAt.toISOString(),
});

export function pricingRouter(pricing: PricingService, settings: SettingsService, catalog: CatalogService, site?: TSiteConfig): Router {
  const router = Router();

  /** Converts a USD amount as sent (the spec's clients send the total they will pay). */
  router.get('/crypto/prices', async (req, res) => {
    const { amount, crypto } = parse(ZCryptoPriceQuery, req.query);
    const quote = await pricing.quote(crypto, amount);
    // MATIC (old clients) is answered as the coin it is now, POL.
    res.json(ZCryptoPriceResponse.encode({ success: true, crypto: quote.coin, amount, ...cryptoAmount(quote) }));
  });

  /** What an order costs: amount, service fee and total from the settings, the total in a coin if asked. */
  router.get('/quote', async (req, res) => {
    const { amount, localAmount, operatorId, kind, coin } = parse(ZQuoteQuery, req.query);
    const asked = amount !== undefined ? { amountCents: amount } : { localAmount: localAmount! };
    const { charges, crypto, local } = await quoteOrder({ pricing, settings, catalog }, { kind, coin, operatorId, ...asked });
    res.json(
      ZQuote.encode({
        kind,
        amount: charges.amountCents,
        serviceFee: charges.feeCents,
        totalAmount: charges.totalCents,
        crypto: crypto && { symbol: crypto.coin, ...cryptoAmount(crypto) },
        local,
      }),
    );
  });

  /** The fee and limits every flow shows (docs/design.md section 6), and whether orders are paused. */
  router.get('/pricing', async (_req, res) => {
    const [p, closed] = await Promise.all([settings.get('pricing'), settings.closedForOrders()]);
    res.json(
      ZPricingSettings.encode({
        serviceFee: p.serviceFeeCents,
        minAmount: p.minAmountCents,
        maxAmount: p.maxAmountCents,
        maintenanceMode: closed !== null,
        maintenanceMessage: closed,
      }),
    );
  });

  /** What the web site needs to know about this server (shared ZSiteConfig): sign-in options, support contacts. */
  router.get('/site-config', (_req, res) => {
    res.json(
      site ?? {
        telegramBotId: null,
        miniAppLink: null,
        telegramNetworks: null,
        emailDelivery: 'local-outbox',
        support: { email: null, telegram: null, whatsapp: null },
      },
    );
  });

  return router;
}
