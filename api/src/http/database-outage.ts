import type { Logger } from 'pino';

/** How long a client is asked to wait before sending the request again. */
export const RETRY_AFTER_SECONDS = 5;
/** How often the database is asked whether it is back while it is out. */
const PROBE_MS = 2_000;

/** Node's codes of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
/** PostgreSQL's: connection exceptions (08…), the server shutting down or starting (57P01-57P03), too many connections. */
const SERVER_CODES = /^(08\w{3}|57P0[123]|53300)$/;
/** node-postgres says these in words only. */
const CLIENT_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** Whether an error (or one it wraps: drizzle's query errors, pg's) is a database connection that failed, not a failed query. */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
    if (Array.isArray(errors) && errors.some(isConnectionError)) return true;
  }
  return false;
}

/**
 * The database being out, as the HTTP side sees it: requests that fail for it are answered 503 with
 * Retry-After, and the log gets one line when it goes and one when it is back (with how long and how
 * many requests were turned away), not a stack trace per request.
 */
export class DatabaseOutage {
  private down: { since: number; refused: number; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  get isDown(): boolean {
    return this.down !== null;
  }

  /** A request failed because its database connection did: counted, and logged only if it is the first. */
  failed(err: unknown): void {
    if (this.down) {
      this.down.refused++;
      return;
    }
    this.log.error({ err }, 'database unreachable: requests that need it are answered 503 until it is back');
    const timer = setInterval(() => void this.check(), PROBE_MS);
    timer.unref();
    this.down = { since: this.now(), refused: 1, timer };
  }

  private async check(): Promise<void> {
    try {
      await this.probe();
    } catch {
      return;
    }
    const down = this.down;
    if (!down) return;
    clearInterval(down.timer);
    this.down = null;
    this.log.warn({ downForMs: this.now() - down.since, refused: down.refused }, 'database reachable again');
  }

  /** Stops asking (the process is closing). */
  stop(): void {
    if (this.down) clearInterval(this.down.timer);
    this.down = null;
  }
}
