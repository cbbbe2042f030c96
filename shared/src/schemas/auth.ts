import { z } from 'zod';

/** Telegram names its fields in snake case; anything else is not Telegram's. */
const TELEGRAM_FIELD = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * The fields Telegram's login returns (https://core.telegram.org/widgets/login#receiving-authorization-data).
 * Fields Telegram adds later are kept (scalar values only): the signature covers every field received,
 * so dropping one would break the check; only the known ones are used after it.
 */
export const ZTelegramLogin = z
  .object({
    id: z.number().int().positive(),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(2048).optional(),
    auth_date: z.number().int().positive(),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .catchall(z.union([z.string().max(2048), z.number(), z.boolean()]))
  .refine((data) => Object.keys(data).length <= 32 && Object.keys(data).every((key) => TELEGRAM_FIELD.test(key)), {
    message: 'is not Telegram login data',
  });
export type TTelegramLogin = z.infer<typeof ZTelegramLogin>;
