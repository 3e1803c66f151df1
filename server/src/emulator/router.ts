/**
 * One call, start to finish, in the order the service works:
 *   read the request, within the input limits (400) -> a browser page of another origin (403) ->
 *   who is calling (190) -> which version and endpoint -> count it against the rate limits (400, or 403
 *   for the app limit, once a limit is reached: limitError.ts) -> the rule engine (the editor's rules, 400), with the app's version
 *   history ([3] Versioning 5) after its version findings -> the endpoint's handler (the checks that
 *   need stored data, then the answer).
 * Whatever goes wrong becomes an error envelope; the usage headers go out on every counted call,
 * refused or not. Once the server is stopping, calls that arrive get 503 and change nothing.
 */
import { checkCall, type ApiModel } from '../core';
import { buildCall } from './buildCall';
import type { EmulatorClock } from './clock';
import { appSettings, type EmulatorConfig } from './config';
import { answerBatch, isBatch } from './batch';
import { envelopeOf, invalidParameter, newAnswerIds, ServiceError, unknownPath } from './envelope';
import { handlers } from './handlers';
import { readInput, type RawRequest } from './httpInput';
import { Limiter } from './limits/limiter';
import { limitError } from './limits/limitError';
import { isAdsV33OrOlder, meteredScopes } from './limits/meter';
import { usageHeaders } from './limits/usageHeaders';
import { checkOrigin, type OwnAddress } from './origin';
import { linkQuery, type LinkBase } from './nodes/paging';
import { OWN_PREFIX, ownEndpoint } from './ownEndpoints';
import { refusalOf, refusingFinding } from './refusal';
import type { StateStore } from './stateStore';
import { identifyCaller } from './tokens';
import { own } from '../core/own';
import { checkVersionHistory, namedVersion } from './versionHistory';

export interface EmulatorRuntime {
  config: EmulatorConfig;
  store: StateStore;
  limiter: Limiter;
  model: ApiModel;
  clock: EmulatorClock;
  /** Where the server listens, for the Host and Origin checks. */
  own: OwnAddress;
  /** How its links begin (server.ts `linkOrigin`); else the origin the call came to. */
  linkOrigin?: string;
  /** Set when the server starts to stop. */
  closing: boolean;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** `inBatch`: the call is an item of a batch (batch.ts), which may not be a batch itself. */
export async function answer(req: RawRequest, rt: EmulatorRuntime, inBatch = false): Promise<Answer> {
  // Every answer carries its trace and request ids, as the service's do; an envelope repeats them.
  const ids = newAnswerIds();
  const headers: Record<string, string> = { 'x-fb-trace-id': ids.trace, 'x-fb-request-id': ids.request };
  try {
    // The body is read first (within maxBodyBytes) so that a refusal does not leave it on the connection.
    const input = await readInput(req, rt.config.maxBodyBytes);
    checkOrigin(input.method, req.headers, rt.own);
    if (rt.closing) throw stopping();
    if (input.segments[0] === OWN_PREFIX) return await ownEndpoint(input, rt);
    const tokenParam = [...input.params].reverse().find((p) => p.name === 'access_token')?.value;
    const caller = identifyCaller(tokenParam, input.headers.get('authorization'), rt.config);
    if (isBatch(input)) {
      // Each item is a call of its own, counted when it runs; the batch itself counts nothing.
      if (inBatch) throw invalidParameter('REQ-BATCH', 'A batch item cannot be a batch itself: send its items in the outer batch.', ['batch'], 'Batch refused');
      const batch = await answerBatch(input, caller.token, req.headers, { run: (item) => answer(item, rt, true), refused: (e) => errorAnswer(e, {}, rt) });
      return { ...batch, headers: { ...headers, ...batch.headers } };
    }
    const now = rt.clock.now();
    const { call, version, written } = buildCall(input, rt.config, rt.store.state, new Date(now).toISOString().slice(0, 10));
    headers['X-Graphreq-Version'] = version.version.text;
    // The version that answered, under the service's own name for it (restfb issue 305): a call
    // without a version, or routed from an expired one, learns here which version answered.
    headers['facebook-api-version'] = version.version.text;

    const scopes = meteredScopes(call, caller, version.version, rt.config, rt.store.state);
    const blocked = rt.limiter.take(scopes, now);
    Object.assign(headers, usageHeaders(scopes, rt.limiter, now, caller, appSettings(rt.config, caller.app), isAdsV33OrOlder(version.version)));
    if (blocked) throw limitError(blocked, headers);

    const refusal = refusingFinding(checkCall(call, rt.model, { written }), rt.model);
    // A version the service does not publish (or has expired) is refused before the app's history is
    // read; any other call to a named version goes through [3] Versioning 5 first (versionHistory.ts).
    if (refusal && refusal.at.kind === 'version') throw refusalOf(refusal, rt.model);
    const named = namedVersion(version.source, version.routedFrom, version.version);
    if (named) await checkVersionHistory(rt.store, caller.app, named, rt.config, now);
    if (refusal) throw refusalOf(refusal, rt.model);
    const handler = call.endpoint ? handlers[call.endpoint.id] : undefined;
    if (!handler) throw unknownPath(call.segments.map((x) => x.text), input.method, (id) => holdsObject(rt.store.state, id));
    const link: LinkBase = { origin: rt.linkOrigin ?? `${rt.own.scheme ?? 'http'}://${input.headers.get('host') ?? rt.own.host}`, path: '/' + input.segments.map(encodeURIComponent).join('/'), query: linkQuery(input.params) };
    const reply = await handler({ call, version: version.version, caller, config: rt.config, store: rt.store, model: rt.model, now, link });
    return { status: reply.status ?? 200, headers, body: reply.body };
  } catch (e) {
    if (e instanceof ServiceError) return errorAnswer(e, headers, rt, ids);
    // A bug of the emulator: answer like the service's unknown error rather than dropping the connection.
    const init = { status: 500, code: 1, message: 'An unknown error occurred', transient: true, userTitle: 'Emulator error', userMessage: `The emulator failed to answer: ${(e as Error)?.message ?? String(e)}` };
    return { status: 500, headers, body: envelopeOf(init, rt.model, ids) };
  }
}

/** Whether `id` names an object the state holds: an ad set, a thread, or an ad account (any act_<digits> exists on first use). */
function holdsObject(state: StateStore['state'], id: string): boolean {
  return /^act_\d+$/.test(id) || own(state.adsets, id) !== undefined || own(state.threads, id) !== undefined;
}

/** A refusal as the answer: its envelope, the headers gathered so far, its own, and the rule behind it. */
function errorAnswer(e: ServiceError, headers: Record<string, string>, rt: EmulatorRuntime, ids = newAnswerIds()): Answer {
  const extra: Record<string, string> = { 'x-fb-trace-id': ids.trace, 'x-fb-request-id': ids.request, ...e.init.headers };
  if (e.init.rule) extra['X-Graphreq-Rule'] = e.init.rule;
  return { status: e.init.status, headers: { ...headers, ...extra }, body: envelopeOf(e.init, rt.model, ids) };
}

/** The documents give no code for a service going down; 2 is the service's "temporary issue" code, and the call may simply be repeated. */
function stopping(): ServiceError {
  return new ServiceError({
    status: 503,
    code: 2,
    message: 'Service temporarily unavailable',
    transient: true,
    userTitle: 'The emulator is stopping',
    userMessage: 'The emulator is shutting down and took no action on this call; send it again once it is back.',
    headers: { Connection: 'close' },
  });
}
