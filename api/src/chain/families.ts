import { evmFamily } from './evm/adapter';
import type { ChainFamily } from './port';
import { tonFamily } from './ton/adapter';
import { tronFamily } from './tron/adapter';

/** Every chain family the API knows, by the id the registry's networks name: one line per family. */
export const FAMILIES: Readonly<Record<string, ChainFamily>> = {
  evm: evmFamily,
  tron: tronFamily,
  ton: tonFamily,
};
