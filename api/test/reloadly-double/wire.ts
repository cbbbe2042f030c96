import type http from 'node:http';
import { stringify } from 'lossless-json';

/** How Reloadly's answers look on the wire: the versioned media type, errors, pages, timestamps. */

export const RELOADLY_ACCEPT = 'application/com.reloadly.topups-v1+json';

export interface Reply {
  status: number;
  body: unknown;
}

/** Reloadly's error body; `errorCode` null for the framework's own errors. */
export function error(status: number, errorCode: string | null, message: string, path: string): Reply {
  return { status, body: { timeStamp: now(), message, path, errorCode, infoLink: null, details: [] } };
}

/** The framework's own 404 (no errorCode field at all). */
export function notFound(path: string): Reply {
  return { status: 404, body: { timestamp: now(), status: 404, error: 'Not Found', message: 'No message available', path } };
}

/** A Spring page of `rows`, as `page` and `size` ask, never larger than `maxPageSize`. */
export function page<T>(rows: T[], query: Record<string, string>, maxPageSize: number) {
  const size = Math.min(Number(query.size ?? 200) || 200, maxPageSize);
  const number = Math.max(Number(query.page ?? 1) || 1, 1) - 1;
  const content = rows.slice(number * size, (number + 1) * size);
  const totalPages = Math.max(Math.ceil(rows.length / size), 1);
  return {
    content,
    pageable: { sort: { sorted: false, unsorted: true, empty: true }, pageNumber: number, pageSize: size, offset: number * size, paged: true, unpaged: false },
    totalPages,
    totalElements: rows.length,
    last: number + 1 >= totalPages,
    first: number === 0,
    size,
    number,
    numberOfElements: content.length,
    empty: content.length === 0,
  };
}

export function send(res: http.ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const raw = typeof reply.body === 'string';
  res.writeHead(reply.status, { 'content-type': raw ? 'text/html' : RELOADLY_ACCEPT });
  res.end(raw ? reply.body : stringify(reply.body));
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reloadly's timestamps: `2025-06-03 02:01:00`. */
export function now(): string {
  return new Date().toISOString().replace('T', ' ').slice(0, 19);
}
