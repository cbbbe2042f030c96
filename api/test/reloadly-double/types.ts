/** What the Reloadly double records, what tests can ask of it, and how it is told to misbehave. */
import type http from 'node:http';
import type { LosslessNumber } from 'lossless-json';

export type Status = 'SUCCESSFUL' | 'PROCESSING' | 'FAILED' | 'REFUNDED';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface DoubleTransaction {
  transactionId: number;
  status: Status;
  customIdentifier: string | null;
  operatorId: number;
  amountCents: number;
  recipientPhone: { countryCode: string; number: string };
  /** Reloadly's code and message on the status answer of a failed top-up. */
  failure: { code: string | null; message: string } | null;
  /** The PIN of a PIN operator; a LosslessNumber is written as a bare JSON number, digit for digit. */
  pinDetail: Record<string, string | LosslessNumber | null> | null;
  createdAt: number;
}

export interface Failure {
  /** HTTP status to answer with. */
  status: number;
  /** Reloadly's errorCode; null for the framework's own errors (no errorCode field at all). */
  errorCode: string | null;
  message?: string;
  /** A raw body instead of Reloadly's error JSON (a proxy's HTML page, say). */
  rawBody?: string;
  /** Only calls whose path starts with this; any API call when absent. */
  path?: string;
  /** Carry the request out first, then answer with the failure (Reloadly did it, the answer says otherwise). */
  afterRecording?: boolean;
}

export interface ReloadlyDoubleOptions {
  /** `expires_in` of issued tokens, in seconds. */
  tokenLifetimeSeconds?: number;
  /** Account balance in US cents. */
  balanceCents?: number;
  /** The largest page /promotions and the report serve, whatever `size` asks. */
  maxPageSize?: number;
  /** The audience token requests must name. */
  audience?: string;
  /** Called as each request arrives, before it is answered (the delivery benchmark timestamps top-ups). */
  onRequest?: (request: RecordedRequest) => void;
}

export interface ReloadlyDoubleState {
  readonly requests: RecordedRequest[];
  tokenLifetimeSeconds: number;
  balanceCents: number;
  maxPageSize: number;
  /** Shape of GET /topups/{id}/status: the SDKs' wrapper, or the bare transaction of the API reference. */
  statusShape: 'wrapped' | 'flat';
  /** The transaction report lists a top-up only once it is this old (reports are not instant). */
  reportLagMs: number;
  readonly transactions: DoubleTransaction[];
  /** Makes every API call (or those under `failure.path`) fail `times` times, oldest first. */
  failNext(failure: Failure, times?: number): void;
  /** Holds the next API call this long before answering it normally. */
  delayNext(ms: number): void;
  /** Every issued token is now past its expiry: calls get TOKEN_EXPIRED. */
  expireTokens(): void;
  /** Every issued token is forgotten: calls get INVALID_TOKEN. */
  revokeTokens(): void;
  setStatus(transactionId: number, status: Status, failure?: { code: string | null; message: string }): void;
  setPin(transactionId: number, pinDetail: Record<string, string | LosslessNumber | null>): void;
  tokenRequests(): RecordedRequest[];
  apiRequests(): RecordedRequest[];
}

export interface ReloadlyDouble {
  /** Base URL of the server (token server and API alike). */
  url: string;
  authUrl: string;
  apiUrl: string;
  state: ReloadlyDoubleState;
  close(): Promise<void>;
}
