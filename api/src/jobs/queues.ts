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
  /** One alert sent to one of the operators' channels (Telegram, e-mail, webhook). */
  alert: 'alert.deliver',
  /** The alert checks, run again and again (alert-checks.ts). */
  alertChecks: 'alert.checks',
} as const;
