import { describe, expect, it } from 'vitest';
import { formProblem } from './common';
import { ZSupportMessageRequest } from './support';

/** The live chat's message, as the API takes it and the widget checks it. */
describe('a support message', () => {
  it('is text of 1 to 2,000 characters, with an optional e-mail (blank is none) and the order it is about', () => {
    expect(ZSupportMessageRequest.parse({ text: '  Hello  ', email: ' ', paymentId: 'pay_ABCDEFGHIJKLMNOPQRSTUVWX' })).toEqual({
      text: 'Hello',
      paymentId: 'pay_ABCDEFGHIJKLMNOPQRSTUVWX',
    });
    expect(ZSupportMessageRequest.parse({ text: 'Hi', email: ' ana@example.net ' })).toEqual({ text: 'Hi', email: 'ana@example.net' });
    expect(formProblem(ZSupportMessageRequest, { text: '' })).toBe('Please write a message.');
    expect(formProblem(ZSupportMessageRequest, { text: 'x'.repeat(2001) })).toBe('Please keep your message under 2,000 characters.');
    expect(formProblem(ZSupportMessageRequest, { text: 'Hi', email: 'ana at example' })).toBe('Please enter a valid email address.');
    expect(formProblem(ZSupportMessageRequest, { text: 'Hi', paymentId: '12' })).not.toBeNull();
  });
});
