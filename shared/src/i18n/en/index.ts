import type { Catalog } from '../catalog';
import { bot } from './bot';
import { common } from './common';
import { email } from './email';
import { web } from './web';

export const catalog: Catalog = { common, bot, email, web };
