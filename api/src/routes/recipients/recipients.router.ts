import { Router } from 'express';
import { ZOk, ZRecipient, ZRecipientParam, ZRecipients, ZRenameRecipient } from '@topup/shared';
import { parse } from '../../http/errors';
import { requireCustomer } from '../../http/identity';
import type { RecipientService } from '../../services/recipients';

/** Recent recipients of the caller: a signed-in customer, the mini-app's user, or the bot's user. */
export function recipientsRouter(recipients: RecipientService): Router {
  const router = Router();

  router.get('/recipients', requireCustomer, async (req, res) => {
    res.json(ZRecipients.encode({ recipients: await recipients.list(req.customer!.id) }));
  });

  router.patch('/recipients/:id', requireCustomer, async (req, res) => {
    const { id } = parse(ZRecipientParam, req.params);
    const { name } = parse(ZRenameRecipient, req.body);
    res.json(ZRecipient.encode(await recipients.rename(req.customer!.id, id, name)));
  });

  router.delete('/recipients/:id', requireCustomer, async (req, res) => {
    const { id } = parse(ZRecipientParam, req.params);
    await recipients.remove(req.customer!.id, id);
    res.json(ZOk.parse({ success: true }));
  });

  return router;
}
