import { Router } from 'express';
import {
  ZNotificationsAck,
  ZNotificationsQuery,
  ZOk,
  type TOpenOrderMessages,
  ZOpenOrderMessagesQuery,
  ZOrderIdParam,
  ZOrderMessage,
  ZSessionDeleteQuery,
  ZSessionKey,
  ZSessionRead,
  ZSessionSaved,
  ZSessionWrite,
} from '@topup/shared';
import { parse } from '../../http/errors';
import { requireService } from '../../http/identity';
import type { BotStateService } from '../../services/bot-sessions';
import type { TelegramOutbox } from '../../services/notifications';

/** The answer of a call that only acknowledges. */
const OK = ZOk.encode({ success: true });

/** The bot's side door: its stored state, and the Telegram messages of the outbox. */
export function botRouter(outbox: TelegramOutbox, state: BotStateService, opts: { botApiSecret: string }): Router {
  const router = Router();
  router.use(requireService(opts));

  router.get('/notifications', async (req, res) => {
    const { limit } = parse(ZNotificationsQuery, req.query);
    res.json({ success: true, notifications: await outbox.take(limit) });
  });

  router.post('/notifications/ack', async (req, res) => {
    const { ids } = parse(ZNotificationsAck, req.body);
    await outbox.acknowledge(ids);
    res.json(OK);
  });

  router.get('/sessions/:key', async (req, res) => {
    const { key } = parse(ZSessionKey, req.params);
    const { value, version } = await state.read(key);
    res.json(ZSessionRead.encode({ success: true, key, value: value ?? null, version }));
  });

  router.put('/sessions/:key', async (req, res) => {
    const { key } = parse(ZSessionKey, req.params);
    const { value, version } = parse(ZSessionWrite, req.body);
    res.json(ZSessionSaved.encode({ success: true, version: await state.write(key, value, version) }));
  });

  router.delete('/sessions/:key', async (req, res) => {
    const { key } = parse(ZSessionKey, req.params);
    const { version } = parse(ZSessionDeleteQuery, req.query);
    await state.delete(key, version);
    res.json(OK);
  });

  /** The messages a restarted bot watches again (partial payments, confirmations: not status changes). */
  router.get('/orders/messages', async (req, res) => {
    const { hours } = parse(ZOpenOrderMessagesQuery, req.query);
    const messages = await state.openOrderMessages(new Date(Date.now() - hours * 3600_000));
    res.json({ success: true, messages } satisfies TOpenOrderMessages);
  });

  /** The message showing an order's payment: later notifications edit it. */
  router.post('/orders/:orderId/message', async (req, res) => {
    const { chatId, messageId } = parse(ZOrderMessage, req.body);
    await state.rememberOrderMessage(parse(ZOrderIdParam, req.params).orderId, chatId, messageId);
    res.json(OK);
  });

  return router;
}
