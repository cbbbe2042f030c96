import { Router } from 'express';
import type { Store } from 'express-rate-limit';
import { SUPPORT_TOKEN_HEADER, ZSupportConversation, ZSupportMessageRequest } from '@topup/shared';
import { parse } from '../../http/errors';
import { ownerProof } from '../../http/owner-proof';
import { supportRateLimit } from '../../http/middleware';
import type { SupportCaller, SupportService } from '../../services/support';
import type { Request } from 'express';

/**
 * Who writes: the customer the request names (session, mini-app, bot), the browser's conversation
 * token, and the Telegram user and order tokens that prove an order named is theirs.
 */
function callerOf(req: Request): SupportCaller {
  const token = req.get(SUPPORT_TOKEN_HEADER)?.trim();
  const { telegramUserId, orderTokens } = ownerProof(req);
  return { customer: req.customer, channel: req.channel, token: token && token.length <= 200 ? token : undefined, telegramUserId, orderTokens };
}

/**
 * The support inbox, the customer's side (the site's live chat): read the conversation, send a
 * message. Anyone may write (a visitor gives an e-mail address), so sending is limited per client
 * address; what is sent is text, stored as written and never rendered as HTML anywhere.
 */
export function supportRouter(support: SupportService, opts: { rateLimitPerMinute: number; botApiSecret: string; rateLimitStore?: Store }): Router {
  const router = Router();

  router.get('/support/messages', async (req, res) => {
    res.json(ZSupportConversation.encode(await support.conversation(callerOf(req))));
  });

  router.post(
    '/support/messages',
    supportRateLimit(opts.rateLimitPerMinute, { botApiSecret: opts.botApiSecret, store: opts.rateLimitStore }),
    async (req, res) => {
      const input = parse(ZSupportMessageRequest, req.body);
      res.status(201).json(ZSupportConversation.encode(await support.send(callerOf(req), input)));
    },
  );

  return router;
}
