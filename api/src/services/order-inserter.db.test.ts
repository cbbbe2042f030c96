import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import type { Database } from '../db/client';
import { depositAddresses, jobs, orderEvents, orders } from '../db/schema';
import { orderJobKey } from '../jobs/queues';
import { OrderInserter } from './order-inserter';
import type { NewOrder } from './order-state';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

let next = 1;
function newOrder(address = `0x${String(next).padStart(40, '0')}`): NewOrder {
  const n = next++;
  const createdAt = new Date();
  return {
    row: {
      paymentId: `pay_inserter_${n}`,
      kind: 'balance_topup',
      source: 'web',
      amountCents: 500,
      feeCents: 0,
      totalCents: 500,
      createdAt,
      depositAddress: address,
      expiresAt: new Date(createdAt.getTime() + 1_800_000),
      watchUntil: new Date(createdAt.getTime() + 3_600_000),
      coin: 'USDC',
      network: 'ethereum',
      chainId: 31337,
      cryptoAmount: '5000000',
      priceUsdE8: '100000000',
    },
    derived: { family: 'evm', index: 100_000 + n },
    cause: `test order ${n}`,
    expiry: { queue: 'expire-order', runAt: new Date(createdAt.getTime() + 1_800_000) },
  };
}

describe('orders arriving together', () => {
  it('are inserted together, each with its address, first event and expiry job', async () => {
    const inserter = new OrderInserter(database.db);
    const wanted = Array.from({ length: 5 }, () => newOrder());
    const rows = await Promise.all(wanted.map((o) => inserter.insert(o)));
    expect(rows.map((r) => [r.paymentId, r.status, r.paymentMethod, r.depositAddress])).toEqual(
      wanted.map((o) => [o.row.paymentId, 'pending_crypto_payment', 'crypto', o.row.depositAddress]),
    );
    const ids = rows.map((r) => r.id);
    const events = await database.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids));
    expect(events.map((e) => [e.orderId, e.toStatus, e.cause]).sort()).toEqual(rows.map((r, i) => [r.id, 'pending_crypto_payment', wanted[i]!.cause]).sort());
    const expiries = await database.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          ids.map((id) => orderJobKey('expire-order', id)),
        ),
      );
    expect(expiries.map((j) => [j.key, j.payload, j.runAt.getTime()]).sort()).toEqual(
      rows.map((r, i) => [orderJobKey('expire-order', r.id), { orderId: r.id }, wanted[i]!.expiry.runAt.getTime()]).sort(),
    );
    const addresses = await database.db
      .select()
      .from(depositAddresses)
      .where(
        inArray(
          depositAddresses.address,
          rows.map((r) => r.depositAddress),
        ),
      );
    expect(addresses).toHaveLength(5);
    // Each row as a select reads it back (every column, mapped the same way).
    const read = await database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(read.sort((a, b) => a.id - b.id)).toEqual(rows);
  });

  it('one that cannot be inserted fails alone, and leaves nothing of itself behind', async () => {
    const inserter = new OrderInserter(database.db);
    const [first] = [newOrder()];
    await inserter.insert(first!);
    // The same deposit address again: refused by the database.
    const clash = newOrder(first!.row.depositAddress);
    const others = [newOrder(), newOrder()];
    const results = await Promise.allSettled([clash, ...others].map((o) => inserter.insert(o)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(await database.db.select().from(orders).where(eq(orders.paymentId, clash.row.paymentId))).toEqual([]);
    expect(await database.db.select().from(orderEvents).where(eq(orderEvents.cause, clash.cause))).toEqual([]);
  });
});
