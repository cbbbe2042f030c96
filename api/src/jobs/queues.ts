/** Every durable job queue, by name: each is handled in workers.ts. */
export const QUEUES = {
  /** An order's payment window ended. */
  expireOrder: 'order.expire',
  /** An underpaid order's address stops being watched. */
  closeWatch: 'order.close-watch',
  /** A paid order's top-up: submit, then poll until the provider settles it. */
  fulfil: 'order.fulfil',
  /** An e-mail receipt from the outbox. */
  email: 'notify.email',
} as const;
