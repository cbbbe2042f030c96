import type { CommonMessages } from './i18n/en/common';
import type { TPin } from './schemas/story';

/** One line of a PIN voucher: its label and its value; `code` marks the value to copy. */
export interface PinLine {
  label: string;
  value: string;
  code: boolean;
}

/**
 * What every surface shows of a PIN voucher, in this order: the code, the number to dial, the serial
 * number, how long it is valid, then the operator's instructions. Lines the operator left out are left out.
 */
export function pinLines(t: CommonMessages['pin'], pin: TPin): PinLine[] {
  const lines: PinLine[] = [{ label: t.code, value: pin.code, code: true }];
  if (pin.dial) lines.push({ label: t.dial, value: pin.dial, code: true });
  if (pin.serial) lines.push({ label: t.serial, value: pin.serial, code: false });
  if (pin.validity) lines.push({ label: t.validity, value: pin.validity, code: false });
  if (pin.instructions.length) lines.push({ label: t.instructions, value: pin.instructions.join(' · '), code: false });
  return lines;
}
