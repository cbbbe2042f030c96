import { Router } from 'express';
import { z } from 'zod';
import { parse } from '../../http/errors';
import { requireService } from '../../http/identity';
import type { TelegramOutbox } from '../../services/notifications';

const ZTake = z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) });
const ZAck = z.object({ ids: z.array(z.number().int().positive()).max(100) });

/** The bot's side door: the Telegram messages of the outbox, fetched and acknowledged. */
export function botRouter(outbox: TelegramOutbox, opts: { botApiSecret: string }): Router {
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

  return router;
}
