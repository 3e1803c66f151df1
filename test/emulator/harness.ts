/**
 * Test helpers for the emulator: a clock the tests move by hand (no sleeps), a started emulator
 * closed by the suite's after(), and a request function over real HTTP on loopback that sends
 * exactly the bytes asked for (no keep-alive, so close() never waits on idle sockets).
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../server/src/emulator';

/** 2026-06-15T12:00:00Z: v23.0 is available, v20.0 has expired (two years after v21.0). */
export const T_2026 = Date.UTC(2026, 5, 15, 12, 0, 0);

export class TestClock {
  /** Where the clock started. */
  readonly t0: number;
  constructor(public t = T_2026) {
    this.t0 = t;
  }
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface SendOptions {
  /** Sent as `Authorization: Bearer <token>`; null sends no token. */
  token?: string | null;
  json?: unknown;
  form?: Record<string, unknown>;
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export class TestEmulator {
  constructor(
    readonly emulator: RunningEmulator,
    readonly clock: TestClock,
  ) {}

  get url(): string {
    return this.emulator.url;
  }

  send(method: string, path: string, options: SendOptions = {}): Promise<Sent> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? 'demo-token' : options.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    } else if (options.form !== undefined) {
      body = formBody(options.form);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    if (options.contentType !== undefined) headers['Content-Type'] = options.contentType;
    return request(this.emulator.port, method, path, headers, body);
  }

  get(path: string, options?: SendOptions): Promise<Sent> {
    return this.send('GET', path, options);
  }

  post(path: string, options?: SendOptions): Promise<Sent> {
    return this.send('POST', path, options);
  }
}

const started = new Set<RunningEmulator>();

/** Starts an emulator on a free loopback port; `closeAllEmulators` (each suite's after()) closes it. */
export async function startTest(options: EmulatorOptions = {}, clock = new TestClock()): Promise<TestEmulator> {
  const emulator = await startEmulator({ port: 0, now: clock.now, ...options });
  started.add(emulator);
  return new TestEmulator(emulator, clock);
}

/** Closes every emulator this test file started (closing twice is harmless). */
export async function closeAllEmulators(): Promise<void> {
  await Promise.all([...started].map((e) => e.close()));
  started.clear();
}

/** Objects and lists as JSON text, as [2] Create an ad set takes form fields. */
export function formBody(form: Record<string, unknown>): string {
  return Object.entries(form)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

export function request(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** A valid ad set: the body of examples/adsets.graphreq. */
export { adsetBody } from '../helpers';

const ENVELOPE_KEYS = ['message', 'type', 'code', 'error_subcode', 'error_data', 'is_transient', 'error_user_title', 'error_user_msg', 'fbtrace_id'];

/**
 * Checks the error envelope of ERR-ENVELOPE: the `error` object with exactly the documented members
 * (error_subcode and error_data only when there is one), and the two trace ids beside it.
 * Returns the error object.
 */
/**
 * Checks a rate-limit refusal as the real service answers it (docs/emulator.md, "Rate-limit
 * refusals"): HTTP 400 (403 for the app's limit, code 4), the short envelope of [3] with exactly
 * message, type, code, error_subcode (when there is one), is_transient (platform codes only) and
 * fbtrace_id, nothing beside `error`, a message starting with `(#code)`, and the OAuth challenge.
 * Returns the error object.
 */
export function assertLimitEnvelope(sent: Sent, code: number, subcode?: number): Record<string, any> {
  assert.equal(sent.status, code === 4 ? 403 : 400, `status of ${sent.text.slice(0, 400)}`);
  assert.match(String(sent.headers['content-type']), /^application\/json/);
  const body = sent.body as Record<string, any>;
  assert.deepEqual(Object.keys(body), ['error'], `only the error object: ${sent.text.slice(0, 200)}`);
  const e = body.error as Record<string, any>;
  const keys = ['message', 'type', 'code', ...(code < 80000 ? ['is_transient'] : []), ...(subcode !== undefined ? ['error_subcode'] : []), 'fbtrace_id'];
  assert.deepEqual(Object.keys(e), keys);
  assert.equal(e.code, code);
  assert.equal(e.error_subcode, subcode);
  assert.equal(e.type, 'OAuthException');
  if (code < 80000) assert.equal(e.is_transient, true);
  assert.ok(String(e.message).startsWith(`(#${code}) `), e.message);
  assert.match(e.fbtrace_id, /^[A-Za-z0-9]+$/);
  assert.equal(sent.headers['www-authenticate'], `OAuth "Facebook Platform" "invalid_request" "${e.message}"`);
  return e;
}

export function assertEnvelope(sent: Sent, status: number, code: number, subcode?: number): Record<string, any> {
  assert.equal(sent.status, status, `status of ${sent.text.slice(0, 400)}`);
  assert.match(String(sent.headers['content-type']), /^application\/json/);
  const body = sent.body as Record<string, any>;
  assert.ok(body && typeof body === 'object', `JSON body: ${sent.text.slice(0, 200)}`);
  assert.deepEqual(Object.keys(body).sort(), ['__fb_trace_id__', '__www_request_id__', 'error']);
  const e = body.error as Record<string, any>;
  for (const k of Object.keys(e)) assert.ok(ENVELOPE_KEYS.includes(k), `undocumented envelope member ${k}`);
  assert.equal(typeof e.message, 'string');
  assert.equal(typeof e.type, 'string');
  assert.equal(e.code, code, `code of ${sent.text.slice(0, 400)}`);
  assert.equal(e.error_subcode, subcode, `subcode of ${sent.text.slice(0, 400)}`);
  assert.equal(typeof e.is_transient, 'boolean');
  assert.equal(typeof e.error_user_title, 'string');
  assert.equal(typeof e.error_user_msg, 'string');
  assert.match(e.fbtrace_id, /^[A-Za-z0-9]+$/);
  assert.equal(body.__fb_trace_id__, e.fbtrace_id);
  assert.match(body.__www_request_id__, /^A[0-9a-f]+$/);
  if (e.error_data !== undefined) assert.equal(typeof e.error_data, 'string', 'error_data is JSON text');
  return e;
}

export function usageHeader(sent: Sent, name: string): any {
  const v = sent.headers[name.toLowerCase()];
  assert.ok(typeof v === 'string', `${name} missing; headers: ${JSON.stringify(sent.headers)}`);
  return JSON.parse(v);
}
