import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email';
import { zEmail } from './schemas/common';

describe('e-mail addresses: one rule for every form and the API', () => {
  it.each(['buyer@example.com', 'a.b+tag@mail.co.uk', '  Ana@Mail.test  ', 'ana@telegram.user'])('takes %j', (text) => {
    expect(isEmailAddress(text)).toBe(true);
    expect(zEmail('bad').safeParse(text).success).toBe(true);
  });

  it.each(['not-an-email', 'grace@', '@example.com', 'a b@example.com', 'a@b.c', 'victim@x.com,attacker@y.com', '<a@b.cd>', `${'x'.repeat(250)}@b.cd`])(
    'refuses %j',
    (text) => {
      expect(isEmailAddress(text)).toBe(false);
      expect(zEmail('Please enter a valid email address.').safeParse(text).error?.issues[0]?.message).toBe('Please enter a valid email address.');
    },
  );
});
