import { Router } from 'express';
import { z } from 'zod';
import { ZIntId } from '@topup/shared';
import { parse } from '../../http/errors';
import { requireService } from '../../http/identity';
import type { BotStateService } from '../../services/bot-sessions';
import type { TelegramOutbox } from '../../services/notifications';

const ZTake = z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) });
const ZAck = z.object({ ids: z.array(ZIntId).max(100) });
const ZKey = z.object({ key: z.string().regex(/^[\w:.-]{1,200}$/, 'must be 1-200 letters, digits or :._-') });
/** A session value is small: a bot conversation keeps only the answers that moved it on. */
const MAX_SESSION_BYTES = 64 * 1024;
const ZSessionValue = z.object({
  value: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, { message: 'is required', abort: true })
    .refine((v) => JSON.stringify(v).length <= MAX_SESSION_BYTES, `must be at most ${MAX_SESSION_BYTES / 1024} KB`),
  /** The version this value was based on (from the read; 0 when there was none). */
  version: z.number({ error: 'is required (the version read, 0 for none)' }).int().min(0).max(2_147_483_647),
});
const ZDeleteQuery = z.object({ version: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
const ZOrderMessage = z.object({
  orderId: ZIntId,
  chatId: z.number().int(),
  messageId: ZIntId,
});

/** The bot's side door: its stored state, and the Telegram messages of the outbox. */
export function botRouter(outbox: TelegramOutbox, state: BotStateService, opts: { botApiSecret: string }): Router {
  const router = Router();
  router.use(requireService(opts));

  router.get('/notifications', async (req, res) => {
    const { limit } = parse(ZTake, req.query);
    res.json({ success: true, notifications: await outbox.take(limit) });
  });

  router.post('/notifications/ack', async (req, res) => {
    const { ids } = parse(ZAck, req.body);
    await outbox.acknowledge(ids);
    res.json({ success: true });
  });

  router.get('/sessions/:key', async (req, res) => {
    const { key } = parse(ZKey, req.params);
    const { value, version } = await state.read(key);
    res.json({ success: true, key, value: value ?? null, version });
  });

  router.put('/sessions/:key', async (req, res) => {
    const { key } = parse(ZKey, req.params);
    const { value, version } = parse(ZSessionValue, req.body);
    res.json({ success: true, version: await state.write(key, value, version) });
  });

  router.delete('/sessions/:key', async (req, res) => {
    const { key } = parse(ZKey, req.params);
    const { version } = parse(ZDeleteQuery, req.query);
    await state.delete(key, version);
    res.json({ success: true });
  });

  /** The message showing an order's payment: later notifications edit it. */
  router.post('/orders/:orderId/message', async (req, res) => {
    const { orderId, chatId, messageId } = parse(ZOrderMessage, { ...req.body, orderId: req.params.orderId });
    await state.rememberOrderMessage(orderId, chatId, messageId);
    res.json({ success: true });
  });

  return router;
}
