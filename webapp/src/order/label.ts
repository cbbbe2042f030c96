import type { CommonMessages } from '../shared';
import { displayKey, displayTone, type TDisplayTone, type TOrderDisplay } from '../shared';

/**
 * An order's badge in the page's language: the catalogs' `common.displayStates` (the shared
 * DISPLAY_LABELS, key by key), with the confirmations counted as displayLabel counts them; the colour
 * is the shared displayTone.
 */
export function stateLabel(common: Pick<CommonMessages, 'displayStates'>, d: Pick<TOrderDisplay, 'state' | 'sub' | 'confirmations'>): string {
  const label = common.displayStates[displayKey(d)];
  return d.state === 'confirming' && d.confirmations ? `${label} ${d.confirmations.n}/${d.confirmations.m}` : label;
}

export function stateTone(d: Pick<TOrderDisplay, 'state'>): TDisplayTone {
  return displayTone(d);
}
