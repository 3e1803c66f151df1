/**
 * The send engine shared by the CLI and the language server (and through it, VS Code). One session
 * sends requests of one document to one target with one token:
 *
 *   prepare (core) → token and transport checks → rate-limit advice → fetch, retrying transient
 *   failures with capped backoff → decode (core) → remember the named response → update the rate
 *   state → redact → save in history → return the result model.
 *
 * Every result that leaves a session has been through the session's Redactor, which knows the
 * token and any token written in the file.
 */
import { buildFileContext, DEFAULT_TOKEN_VARIABLE, requestName, requestNumber, type ApiModel, type EnvironmentSettings, type FileContext, type GraphreqDocument } from '../core';
import {
  adviseBeforeSend,
  backoffDelay,
  defaultRetryPolicy,
  EMULATOR_REDACT_HEADER,
  minutesText,
  namesRead,
  parseBody,
  prepareRequest,
  recordResult,
  redactHeaderValue,
  Redactor,
  refusalScopes,
  holdCovers,
  resultFromFailure,
  resultFromResponse,
  responseError,
  retryReason,
  environmentSecrets,
  fileSecrets,
  toWire,
  tokenTransportProblem,
  type AttemptOutcome,
  type HoldKey,
  type PreparedRequest,
  type RawResponse,
  type RetryPolicy,
  type SendFailure,
  type SendResult,
} from '../core/send';
import { CancelledError, systemClock, type Clock } from './clock';
import type { HistoryStore } from './history';
import { MemoryRateStore, type RateStore } from './rateStore';
import { ResponseStore } from './responseStore';
import { EMBEDDED_RATE_ORIGIN } from './embeddedOrigin';
import { sendOnce, TransportFailure, type PhaseTimers } from './transport';

export interface SendSessionOptions {
  model: ApiModel;
  env: EnvironmentSettings;
  /** Where requests go (the environment's baseUrl, `--base-url`, or the embedded emulator). */
  baseUrl: string;
  token: string;
  /** The environment variable curl commands read the token from. */
  tokenEnvName?: string;
  timeoutMs?: number;
  /** Bytes of a response body kept at most (the transport's DEFAULT_MAX_RESPONSE_BYTES when absent); a longer body is cut. */
  maxResponseBytes?: number;
  retry?: RetryPolicy;
  clock?: Clock;
  /** Jitter source; tests fix it. */
  random?: () => number;
  fetch?: typeof fetch;
  /** Times each exchange phase by phase (exchangeTimings.ts `nodePhases` on Node). */
  phases?: PhaseTimers;
  /** Where results are saved; null when history is off. */
  history?: HistoryStore | null;
  /** Defaults to the history's rate state, else to memory. */
  rate?: RateStore;
  /**
   * The origin rate-limit knowledge is kept under, when it is not the base URL's: the embedded
   * emulator answers on a new port every run, but its state (and its counters) are the workspace's.
   */
  rateOrigin?: string;
  /** The base URL is an embedded emulator's, so a request written with its name (a link it wrote) goes there (core/send/embeddedEmulator.ts). */
  embedded?: boolean;
  /** Named responses (send/responseStore.ts); defaults to one that lives as long as the session. */
  responses?: ResponseStore;
  /** Hears each response received (the account context learns from it: account/responseLearning.ts); its failure is ignored. */
  learn?: (result: SendResult) => Promise<void>;
  /** The document's path relative to the workspace, for history. */
  file?: string | null;
  /** Progress lines (retrying, waiting); token-free. */
  log?: (line: string) => void;
  /** How this caller lets the user wait for a block or send anyway, appended when a send is held back ('' for nothing). */
  holdHint?: string;
}

export interface SendOptions {
  signal?: AbortSignal;
  /** Wait for a known rate-limit block to pass (before sending, or once after a rate-limit error) instead of giving up. */
  wait?: boolean;
  /** Send even though the client knows the call will be refused by a rate limit. */
  force?: boolean;
  /** Send an ad set creation with execution_options validate_only. */
  validateOnly?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export class SendSession {
  readonly redactor: Redactor;
  readonly responses: ResponseStore;
  private readonly clock: Clock;
  private readonly rate: RateStore;
  private contexts = new WeakMap<GraphreqDocument, FileContext>();
  /** The scopes a result was held back or refused in (rateLimits.ts `requestScopes`), for the run to hold the calls in them. */
  private readonly heldIn = new WeakMap<SendResult, HoldKey[]>();
  /** What the embedded emulator is told to redact in its state (EMULATOR_REDACT_HEADER); null for any other service. */
  private readonly emulatorSecrets: string[] | null;

  constructor(private readonly o: SendSessionOptions) {
    // Besides the token: every value the request may read through `$processEnv` and `$dotenv`, and
    // graphreq.env.json's secrets (an `app_secret` sent in a header came back in the echo, the history, `--out`).
    const variableValues = environmentSecrets(o.env);
    this.redactor = new Redactor([o.token, ...variableValues]);
    // The embedded emulator (its rate origin says so) is told them, to keep them out of its state file.
    this.emulatorSecrets = o.rateOrigin === EMBEDDED_RATE_ORIGIN ? variableValues : null;
    this.clock = o.clock ?? systemClock;
    this.rate = o.rate ?? o.history?.rateStore() ?? new MemoryRateStore();
    this.responses = o.responses ?? new ResponseStore({ saved: null, environment: o.env.name });
  }

  /**
   * Sends every request of the document in order; stops at the first failure unless `keepGoing`.
   * `onResult` hears each result as it completes (progress in editors), with how many there are.
   */
  async sendAll(doc: GraphreqDocument, options: SendOptions & { keepGoing?: boolean; onResult?: (r: SendResult, done: number, total: number) => void } = {}): Promise<SendResult[]> {
    const results: SendResult[] = [];
    const total = doc.blocks.filter((b) => b.parsed.request).length;
    for (const block of doc.blocks) {
      if (!block.parsed.request) continue;
      const r = await this.send(doc, block.index, options);
      results.push(r);
      options.onResult?.(r, results.length, total);
      if (r.failure?.kind === 'cancelled') break;
      if (!succeeded(r) && !options.keepGoing) break;
    }
    return results;
  }

  async send(doc: GraphreqDocument, index: number, options: SendOptions = {}): Promise<SendResult> {
    const result = await this.sendUnredacted(doc, index, options).catch((e: unknown) => this.unexpected(doc, index, e));
    result.number = requestNumber(doc, index);
    const safe = this.redactor.value(result);
    const held = this.heldIn.get(result);
    if (held) this.heldIn.set(safe, held);
    // A cancelled send did not finish: nothing of it is kept.
    if (result.failure?.kind === 'cancelled') return safe;
    if (result.name) {
      if (result.status !== null) {
        const kept = (r: SendResult) => ({ status: r.status!, headers: r.headers, body: r.body });
        const failed = await this.responses.remember(result.name, kept(result), kept(safe), this.o.file ?? null, this.clock.now());
        // A `.graphreq/` that came with the repository was announced once when the run started.
        if (failed && (failed as NodeJS.ErrnoException).code !== 'EFOREIGN') safe.warnings.push(`the response was not saved for later requests${whyNotSaved(failed)}`);
      } else {
        this.responses.noResponse(result.name, safe.failure?.message ?? 'no response');
      }
    }
    if (result.status !== null) await this.o.learn?.(safe).catch(() => undefined);
    try {
      this.o.history?.save(this.o.file ?? null, safe, this.clock.now());
    } catch (e) {
      // History is a convenience: a read-only workspace must not turn a good send into a failure.
      safe.warnings.push(`the result was not saved in history${whyNotSaved(e)}`);
    }
    return safe;
  }

  /**
   * A request that failed in a way graphreq did not foresee fails alone, with the reason as its
   * message: the run goes on with the next request and ends with its summary, as after any failure.
   */
  private unexpected(doc: GraphreqDocument, index: number, e: unknown): SendResult {
    const block = doc.blocks[index];
    const title = block?.parsed.separator?.title?.text ?? null;
    const base = { sentAt: this.clock.now(), attempts: 0, tokenEnvName: this.o.tokenEnvName ?? DEFAULT_TOKEN_VARIABLE, warnings: [] as string[], durationMs: 0 };
    const reason = e instanceof Error ? e.message : String(e);
    return resultFromFailure({ index, name: block ? (requestName(block) ?? null) : null, title }, failure('build', `graphreq could not send this request: ${reason}`), base);
  }

  /** What held back or refused a result (nothing for any other result). */
  holdScopes(result: SendResult): HoldKey[] {
    return this.heldIn.get(result) ?? [];
  }

  /** The first of `holds` that covers a request, as it would be sent now (none when it cannot be built yet). */
  coveredBy<T extends { key: HoldKey }>(doc: GraphreqDocument, index: number, holds: T[]): T | undefined {
    const block = doc.blocks[index];
    if (!block || holds.length === 0) return undefined;
    const runtime = { now: this.clock.now(), random: this.o.random ?? Math.random, uuid: randomUUID };
    const prepared = prepareRequest(block, { model: this.o.model, ctx: this.context(doc), responses: this.responses, baseUrl: this.o.baseUrl, embedded: this.o.embedded, runtime });
    if (!prepared.ok) return undefined;
    const req = this.forRate(prepared.request);
    return holds.find((h) => holdCovers(h.key, req));
  }

  /** The named requests whose responses a request reads (directly or through variables). */
  namesRead(doc: GraphreqDocument, index: number): string[] {
    const block = doc.blocks[index];
    if (!block) return [];
    const r = namesRead(block, this.context(doc));
    return [...r.known, ...r.unknown];
  }

  /** The request as the rate-limit state sees it: under the session's stable origin, when it has one. */
  private forRate(req: PreparedRequest): PreparedRequest {
    return this.o.rateOrigin ? { ...req, baseUrl: this.o.rateOrigin } : req;
  }

  private context(doc: GraphreqDocument): FileContext {
    let ctx = this.contexts.get(doc);
    if (!ctx) {
      this.contexts.set(doc, (ctx = buildFileContext(doc, this.o.env)));
      // The file's secrets, resolved (`@password = …`, `@auth = Bearer {{$dotenv GRAPHREQ_VAR_SESSION}}`).
      for (const s of fileSecrets(ctx, true)) {
        this.redactor.add(s);
        if (this.emulatorSecrets && !this.emulatorSecrets.includes(s)) this.emulatorSecrets.push(s);
      }
    }
    return ctx;
  }

  private async sendUnredacted(doc: GraphreqDocument, index: number, options: SendOptions): Promise<SendResult> {
    const sentAt = this.clock.now();
    const block = doc.blocks[index];
    const tokenEnvName = this.o.tokenEnvName ?? 'GRAPHREQ_ACCESS_TOKEN';
    const base = { sentAt, attempts: 0, tokenEnvName, warnings: [] as string[], durationMs: 0 };
    if (!block) return resultFromFailure({ index, name: null, title: null }, failure('build', `the document has no request ${index}`), base);

    // `{{$guid}}`, `{{$timestamp}}` & co. take the session's clock and randomness (fixed in tests).
    const runtime = { now: sentAt, random: this.o.random ?? Math.random, uuid: randomUUID };
    const prepared = prepareRequest(block, { model: this.o.model, ctx: this.context(doc), responses: this.responses, baseUrl: this.o.baseUrl, embedded: this.o.embedded, validateOnly: options.validateOnly, runtime });
    if (!prepared.ok) return resultFromFailure({ index, name: prepared.name, title: prepared.title }, failure(prepared.kind, prepared.message), base);
    const req = prepared.request;
    for (const s of prepared.secretsInFile) this.redactor.add(s);
    const unsafe = tokenTransportProblem(req.baseUrl);
    if (unsafe) return resultFromFailure(req, failure('insecure', unsafe), base);

    const warnings: string[] = [];
    const advice = adviseBeforeSend(this.rate.load(), this.forRate(req), this.clock.now());
    warnings.push(...advice.warnings);
    if (advice.holdUntil !== null && !options.force) {
      if (!options.wait) {
        // The reason is the failure's message; repeating it as a warning would say it twice.
        const rest = warnings.filter((w) => w !== advice.holdReason);
        const hint = this.o.holdHint ?? 'Use --wait to wait and send then (or --force to send anyway)';
        const held = resultFromFailure(req, failure('rate-limited', [advice.holdReason, hint].filter(Boolean).join('. '), advice.holdUntil), { ...base, warnings: rest });
        this.heldIn.set(held, advice.holdScopes);
        return held;
      }
      const waited = await this.waitUntil(advice.holdUntil, options.signal);
      if (waited) return resultFromFailure(req, waited, { ...base, warnings });
    }

    let outcome = await this.exchange(req, options.signal, warnings);
    if (options.wait && 'raw' in outcome) {
      // After a rate-limit error the client waits for the regain time it was given, then tries once more.
      const first = this.toResult(req, outcome, sentAt, warnings);
      const until = first.error?.rateLimit ? regainTime(first, this.clock.now()) : null;
      if (until !== null) {
        this.rate.save(recordResult(this.rate.load(), this.forRate(req), first, this.clock.now()));
        const waited = await this.waitUntil(until, options.signal);
        if (waited) return resultFromFailure(req, waited, { ...base, warnings });
        outcome = await this.exchange(req, options.signal, warnings);
      }
    }
    const result = 'raw' in outcome ? this.toResult(req, outcome, sentAt, warnings) : resultFromFailure(req, outcome.failure, { ...base, attempts: outcome.attempts, warnings, durationMs: outcome.durationMs });

    if (result.status !== null) {
      this.rate.save(recordResult(this.rate.load(), this.forRate(req), result, this.clock.now()));
      if (result.error?.rateLimit) {
        result.warnings.push(afterRateLimit(result, this.clock.now()));
        this.heldIn.set(result, refusalScopes(this.forRate(req), result));
      }
    }
    return result;
  }

  private toResult(req: PreparedRequest, outcome: { raw: RawResponse; attempts: number }, sentAt: number, warnings: string[]): SendResult {
    return resultFromResponse(req, outcome.raw, { model: this.o.model, sentAt, receivedAt: this.clock.now(), attempts: outcome.attempts, tokenEnvName: this.o.tokenEnvName ?? 'GRAPHREQ_ACCESS_TOKEN', warnings: [...warnings] });
  }

  /** Sends with retries of transient failures; the last answer or failure wins. */
  private async exchange(req: PreparedRequest, signal: AbortSignal | undefined, warnings: string[]): Promise<{ raw: RawResponse; attempts: number } | { failure: SendFailure; attempts: number; durationMs: number }> {
    const policy = this.o.retry ?? defaultRetryPolicy;
    const wire = toWire(req, this.o.token);
    const redact = this.emulatorSecrets && redactHeaderValue(this.emulatorSecrets);
    if (redact) wire.headers[EMULATOR_REDACT_HEADER] = redact;
    const started = this.clock.now();
    for (let attempt = 1; ; attempt++) {
      let outcome: AttemptOutcome;
      let raw: RawResponse | undefined;
      let fail: SendFailure | undefined;
      try {
        raw = await sendOnce(wire, { timeoutMs: this.o.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal, fetch: this.o.fetch, phases: this.o.phases, now: () => this.clock.now(), maxBytes: this.o.maxResponseBytes });
        outcome = { kind: 'response', status: raw.status, error: responseError(raw, parseBody(raw).body, this.o.model) };
      } catch (e) {
        if (!(e instanceof TransportFailure)) throw e;
        fail = failure(e.kind, this.redactor.text(e.message));
        outcome = { kind: 'failure', failure: e.kind };
      }
      const reason = retryReason(outcome, req.method);
      if (!reason || attempt >= policy.maxAttempts) {
        return raw ? { raw, attempts: attempt } : { failure: fail!, attempts: attempt, durationMs: this.clock.now() - started };
      }
      const delay = backoffDelay(attempt, policy, this.o.random ?? Math.random);
      const note = `attempt ${attempt} failed (${reason}); retried after ${delay} ms`;
      warnings.push(note);
      this.o.log?.(note);
      try {
        await this.clock.delay(delay, signal);
      } catch (e) {
        if (e instanceof CancelledError) return { failure: failure('cancelled', e.message), attempts: attempt, durationMs: this.clock.now() - started };
        throw e;
      }
    }
  }

  /** Waits until `until`; returns a failure when cancelled. */
  private async waitUntil(until: number, signal?: AbortSignal): Promise<SendFailure | undefined> {
    const ms = until - this.clock.now();
    if (ms <= 0) return undefined;
    this.o.log?.(`waiting ${minutesText(ms)} for access to return (until ${new Date(until).toISOString()})`);
    try {
      await this.clock.delay(ms, signal);
      return undefined;
    } catch (e) {
      if (e instanceof CancelledError) return failure('cancelled', e.message);
      throw e;
    }
  }
}

/** Answered 2xx by the API: a 2xx whose body cannot be the API's (an HTML page) carries an error and is no success. */
export function succeeded(r: SendResult): boolean {
  return r.status !== null && r.status >= 200 && r.status < 300 && r.error === null;
}

function failure(kind: SendFailure['kind'], message: string, retryAt?: number | null): SendFailure {
  return { kind, message, retryAt: retryAt != null ? new Date(retryAt).toISOString() : null };
}

/** When access returns after a rate-limit error (answered just before `receivedAt`), from the error or the usage headers. */
export function regainTime(r: SendResult, receivedAt: number): number | null {
  if (r.error?.regainAccessMinutes != null) return receivedAt + r.error.regainAccessMinutes * 60_000;
  return r.usage.blockedUntil ? Date.parse(r.usage.blockedUntil) : null;
}

const RATE_LIMIT_NOTE = 'rate limit reached: ';

/** Whether a warning is the note added after a rate-limit error (a front end that says it otherwise leaves it out). */
export function isRateLimitNote(warning: string): boolean {
  return warning.startsWith(RATE_LIMIT_NOTE);
}

/** No blind retry after a rate-limit error ([3] LIMIT-BLOCK): say when access returns and how to wait. */
function afterRateLimit(r: SendResult, now: number): string {
  const until = regainTime(r, now);
  if (until === null) return `${RATE_LIMIT_NOTE}the service gave no estimate of when access returns; calls made before usage drops lengthen the wait, so graphreq does not retry`;
  return `${RATE_LIMIT_NOTE}access should return at ${new Date(until).toISOString()} (in ${minutesText(Math.max(0, until - now))}); graphreq does not retry before then: send again later, or use --wait`;
}

/** Why a file was not kept: graphreq's own refusals (a link, a read-only file, a folder that came with the repository) in words, else the system's code. */
function whyNotSaved(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'EUNSAFEPATH' || code === 'EREADONLY' || code === 'EFOREIGN' ? `: ${(e as Error).message}` : ` (${code ?? 'error'})`;
}

/** Web Crypto's UUID (Node 20 and browser workers alike). */
function randomUUID(): string {
  return globalThis.crypto.randomUUID();
}
