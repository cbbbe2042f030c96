import { describe, expect, it } from 'vitest';
import { checkMobileNumber, internationalForm } from './phone';

/** Numbers as people paste them from a contact, a web page or a message. */
describe('a pasted number', () => {
  const lrm = '\u200e';
  it.each([
    ['with the country code in brackets', '(+237) 677 12 34 56'],
    ['with the country code in brackets, no plus', '(237) 677-12-34-56'],
    ['as a tel: link', 'tel:+237677123456'],
    ['as a tel: link with dashes and a parameter', 'TEL:+237-677-123-456;phone-context=example.com'],
    ['in left-to-right embedding marks (U+202A … U+202C)', '\u202a+237 677 12 34 56\u202c'],
    ['in right-to-left override marks (U+202E, U+202D)', '\u202e+237 677 12 34 56\u202d'],
    ['in direction isolates (U+2066 … U+2069)', '\u2068+237 677 123 456\u2069'],
    ['between left-to-right marks', `${lrm}+237${lrm} 677 12 34 56${lrm}`],
    ['with no-break spaces', '+237\u00a0677\u00a012\u00a034\u00a056'],
  ])('%s reads as the number', (_, pasted) => {
    expect(internationalForm(pasted)).toBe('+237677123456');
    expect(checkMobileNumber(pasted, 'CM')).toMatchObject({ valid: true, e164: '+237677123456' });
  });

  it('keeps refusing what is not a number', () => {
    expect(internationalForm('tel:')).toBeNull();
    expect(internationalForm('call me at 677')).toBeNull();
    expect(internationalForm('(+237')).toBeNull();
    expect(checkMobileNumber('\u202a\u202c', 'CM')).toMatchObject({ valid: false });
  });
});
