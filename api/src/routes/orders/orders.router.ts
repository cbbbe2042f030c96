import express, { Router, type Request } from 'express';
import type { Store } from 'express-rate-limit';
import { z } from 'zod';
import {
  negotiateLocale,
  ZCancelTransactionRequest,
  ZCreatePaymentRequest,
  ZCryptoPaymentRequest,
  ZIdParam,
  ZOrderIdParam,
  ZOrderRefParam,
  ZPaymentIdParam,
  ZReleaseRequest,
  ZWalletTransactionRequest,
} from '@topup/shared';
import { parse } from '../../http/errors';
import { isServiceCall } from '../../http/identity';
import { ownerProof } from '../../http/owner-proof';
import { AppError } from '../../services/errors';
import { orderRateLimit, requireAdmin } from '../../http/middleware';
import { requirePower } from '../../http/admin-powers';
import { streamChanges } from '../../http/sse';
import type { OrderFeed } from '../../services/order-feed';
import type { AdminAuthService } from '../../services/admin-auth';
import type { OrderService } from '../../services/orders';

const ZIdempotencyKey = z.string().trim().min(1).max(200).optional();

function idempotencyKey(req: Request) {
  return parse(ZIdempotencyKey.describe('Idempotency-Key'), req.get('idempotency-key'));
}

/** `?token=` of the order page's link (a receipt's read-only token, or the order token). */
const ZStoryQuery = z.object({ token: z.string().trim().min(1).max(200).optional() });

/** Who is ordering: the customer, and the Telegram user the mini-app or the bot acts for. */
function orderContext(req: Request) {
  return { customerId: req.customer?.id, telegramUserId: req.telegramUserId, idempotencyKey: idempotencyKey(req) };
}

/** The customer's language: the order's own field, else Telegram's (mini-app), else the browser's. */
function orderLocale(req: Request, chosen: string | undefined) {
  return negotiateLocale({ chosen, telegram: req.telegramLanguage, accepted: req.get('accept-language') });
}

/** navigator.sendBeacon posts text/plain: the JSON is in the text. */
function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The request body is not valid JSON');
  }
}

export function ordersRouter(
  orders: OrderService,
  feed: OrderFeed,
  adminAuth: AdminAuthService,
  opts: { rateLimitPerMinute: number; botApiSecret: string; rateLimitStore?: Store; closing?: AbortSignal; production?: boolean },
): Router {
  const router = Router();
  const limit = orderRateLimit(opts.rateLimitPerMinute, opts.rateLimitStore);

  router.post('/crypto-payment', limit, async (req, res) => {
    const input = parse(ZCryptoPaymentRequest, req.body);
    const source = req.channel ?? (input.customerEmail !== undefined && input.email === undefined ? 'telegram' : 'web');
    const ctx = { source, ...orderContext(req), locale: orderLocale(req, input.locale) };
    res.status(201).json(await orders.checkout.createFromCryptoPayment(input, ctx));
  });

  router.post('/create-payment', limit, async (req, res) => {
    const input = parse(ZCreatePaymentRequest, req.body);
    const ctx = { source: 'compact' as const, ...orderContext(req), locale: orderLocale(req, input.locale) };
    res.status(201).json(await orders.checkout.createFromCompact(input, ctx));
  });

  router.get('/payment-status/:orderId', async (req, res) => {
    const { orderId } = parse(ZOrderIdParam, req.params);
    res.json(await orders.lookup.statusByOrderId(orderId, ownerProof(req), isServiceCall(req, opts.botApiSecret)));
  });

  router.get('/orders/:paymentId/status', async (req, res) => {
    const { paymentId } = parse(ZPaymentIdParam, req.params);
    res.json(await orders.lookup.statusByPaymentId(paymentId));
  });

  /** Live status: the payment-status object again on every change, so clients need not poll. */
  router.get('/orders/:ref/events', async (req, res) => {
    const { ref } = parse(ZOrderRefParam, req.params);
    const [proof, service] = [ownerProof(req), isServiceCall(req, opts.botApiSecret)];
    const read = () => (typeof ref === 'number' ? orders.lookup.statusByOrderId(ref, proof, service) : orders.lookup.statusByPaymentId(ref));
    const { orderId } = await read(); // a 404 before the stream starts
    streamChanges(req, res, { event: 'status', read, subscribe: (changed) => feed.subscribe(orderId, changed), closing: opts.closing });
  });

  /**
   * The order page: for its owner, or with `?token=` (the receipt's read-only link).
   * Registered before the other /orders/:x routes only for readability: the paths do not overlap.
   */
  router.get('/orders/:ref/story', async (req, res) => {
    const { ref } = parse(ZOrderRefParam, req.params);
    const { token } = parse(ZStoryQuery, req.query);
    res.json(await orders.lookup.story(ref, ownerProof(req), token));
  });

  /** The caller's newest unfinished order: its payment screen comes back after a reload. */
  router.get('/orders/open', async (req, res) => {
    res.json(await orders.lookup.openOrder(ownerProof(req)));
  });

  /** Back on the payment screen: leaving is not cancelling (docs/design.md section 9), the order stays payable. */
  router.post('/release-wallet', async (req, res) => {
    const { paymentId, orderToken } = parse(ZReleaseRequest, req.body);
    res.json(await orders.leaveByCustomer({ paymentId, proof: ownerProof(req, orderToken) }));
  });

  /** The explicit Cancel: the one call that cancels an order (409 once funds arrived). */
  router.post('/cancel-transaction', async (req, res) => {
    const { paymentId, orderId, orderToken } = parse(ZCancelTransactionRequest, req.body);
    res.json(await orders.cancelByCustomer({ paymentId, orderId, cause: 'customer cancelled the payment', proof: ownerProof(req, orderToken) }));
  });

  /** The page hidden or unloaded (a beacon): answered for old clients; the order stays payable. */
  router.post('/auto-cancel-order', express.text({ type: 'text/plain', limit: '4kb' }), async (req, res) => {
    const { paymentId, orderToken } = parse(ZReleaseRequest, beaconBody(req.body));
    res.json(await orders.leaveByCustomer({ paymentId, proof: ownerProof(req, orderToken) }));
  });

  /**
   * The transaction the customer's connected wallet (TON Connect) sends to pay the order; it may depend on
   * that wallet's address. Limited as order creation is: a jetton's answer costs a call to the chain's API.
   */
  router.post('/orders/:ref/wallet-transaction', limit, async (req, res) => {
    const { ref } = parse(ZOrderRefParam, req.params);
    const { payer } = parse(ZWalletTransactionRequest, req.body);
    res.json(await orders.walletTransaction({ ref, payer, proof: ownerProof(req) }));
  });

  router.get('/orders', async (req, res) => {
    res.json(await orders.lookup.listMine(ownerProof(req)));
  });

  router.delete('/orders/:id', requireAdmin(adminAuth), requirePower({ production: opts.production ?? false, power: 'orders' }), async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    await orders.deleteUnpaid(id, req.admin!.id);
    res.json({ success: true, message: `Order #${id} has been permanently removed from the database.` });
  });

  return router;
}
