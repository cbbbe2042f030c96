import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STREAM_HEARTBEAT_MS, STREAM_SILENCE_MS } from '@topup/shared';
import { streamChanges } from './sse';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function fakeStream() {
  const req = new EventEmitter() as unknown as Request;
  const written: string[] = [];
  const res = { writeHead: vi.fn(), write: (chunk: string) => written.push(chunk) } as unknown as Response;
  return { req, res, written };
}

describe('a live status stream', () => {
  it('sends a ping event every STREAM_HEARTBEAT_MS, so a client hears something well within STREAM_SILENCE_MS', async () => {
    const { req, res, written } = fakeStream();
    streamChanges(req, res, { event: 'status', read: async () => ({ status: 'pending_crypto_payment' }), subscribe: () => () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(written.filter((w) => w.startsWith('event: status'))).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS);
    const pings = written.filter((w) => w.startsWith('event: ping\ndata: '));
    expect(pings.length).toBe(Math.floor(STREAM_SILENCE_MS / STREAM_HEARTBEAT_MS));
    expect(pings.length).toBeGreaterThanOrEqual(2);

    req.emit('close');
    const before = written.length;
    await vi.advanceTimersByTimeAsync(STREAM_HEARTBEAT_MS * 3);
    expect(written.length).toBe(before);
  });
});
