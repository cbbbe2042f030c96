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

/** The key of an order's job on `queue`: at most one per order and queue. */
export function orderJobKey(queue: string, orderId: number): string {
  return `${queue}:${orderId}`;
}

/** An order's job on `queue`, told the order's id (enqueue() it; options such as runAt as enqueue takes them). */
export function orderJob(queue: string, orderId: number, opts: { runAt?: Date; maxAttempts?: number } = {}) {
  return { queue, key: orderJobKey(queue, orderId), payload: { orderId }, ...opts };
}
