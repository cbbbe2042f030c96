import { z } from 'zod';

/** The fields Telegram's login returns (https://core.telegram.org/widgets/login#receiving-authorization-data). */
export const ZTelegramLogin = z.object({
  id: z.number().int().positive(),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TTelegramLogin = z.infer<typeof ZTelegramLogin>;
