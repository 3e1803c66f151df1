/**
 * Batch requests: `POST /` (or `POST /{version}/`) with `batch=[{method, relative_url, body, name,
 * depends_on, omit_response_on_success}, ...]` and optional `include_headers`. The documents are
 * silent on them; the real service serves them, and so does the emulator, as docs/emulator.md
 * "Batch requests" decides:
 * - each item is answered as its own call (the same router: token, version, rate limits, rules,
 *   handler), so each counts against the rate limits once; the batch itself counts nothing;
 * - the answer is HTTP 200 with a list, in the items' order, of `{code, headers, body}`: `headers` a
 *   list of `{name, value}` (left out with `include_headers=false`), `body` the item's answer as JSON
 *   text; an item the batch could not run is `null`;
 * - an item without its own token takes the batch's;
 * - `name` lets a later item use its answer: `{result=<name>:$.path}` in `relative_url` or `body` is
 *   replaced by the value at the path (`$.id`, `$.data.0.id`, `$.data.*.id` joined with commas). An
 *   item that depends on one that failed, or names a result that has no such value, answers 400
 *   (code 100) and changes nothing. The answer of an item another one depends on is `null` when it
 *   succeeded, unless its `omit_response_on_success` is false;
 * - at most 50 items; a `batch` that is not a JSON list of objects, or an item without `method` (GET,
 *   POST or DELETE, in capitals) or `relative_url`, or with a member of another type, is refused
 *   whole (400, code 100, REQ-BATCH, as the editor reads it) before any item runs.
 */
import { ServiceError, invalidParameter } from './envelope';
import { writeAnswer } from './exactInteger';
import type { HttpInput, RawRequest, RequestHeaders } from './httpInput';
import type { Answer } from './router';

/** The real service's limit ("Batch requests are limited to 50 requests per batch"). */
export const MAX_BATCH_ITEMS = 50;

interface BatchItem {
  method: string;
  relativeUrl: string;
  body: string | undefined;
  name: string | undefined;
  dependsOn: string | undefined;
  omitResponseOnSuccess: boolean | undefined;
}

/** Whether a call is a batch: a POST to the root (with or without a version) naming `batch`. */
export function isBatch(input: HttpInput): boolean {
  return input.method === 'POST' && input.segments.length <= 1 && (input.segments.length === 0 || /^v\d+\.\d+$/.test(input.segments[0])) && input.params.some((p) => p.name === 'batch');
}

/** How the router answers one item, and how it writes a refusal as an answer. */
export interface BatchRunner {
  run(req: RawRequest): Promise<Answer>;
  refused(e: ServiceError): Answer;
}

export async function answerBatch(input: HttpInput, token: string, outer: RequestHeaders, runner: BatchRunner): Promise<Answer> {
  const items = batchItems(input);
  const includeHeaders = textParam(input, 'include_headers') !== 'false';
  const version = input.segments[0];
  const results = new Map<string, { ok: boolean; body: unknown }>();
  const referenced = new Set<string>();
  for (const item of items) {
    if (item.dependsOn) referenced.add(item.dependsOn);
    for (const m of `${item.relativeUrl}\n${item.body ?? ''}`.matchAll(RESULT_REF)) referenced.add(m[1]);
  }
  const out: unknown[] = [];
  for (const item of items) {
    const answer = await runItem(item, results, version, token, outer, runner);
    const ok = answer.status >= 200 && answer.status < 300;
    if (item.name !== undefined) results.set(item.name, { ok, body: answer.body });
    if (ok && item.name !== undefined && referenced.has(item.name) && item.omitResponseOnSuccess !== false) {
      out.push(null);
      continue;
    }
    const entry: Record<string, unknown> = { code: answer.status };
    if (includeHeaders) entry.headers = [...Object.entries({ ...answer.headers, 'Content-Type': 'application/json; charset=UTF-8' })].map(([name, value]) => ({ name, value }));
    entry.body = writeAnswer(answer.body);
    out.push(entry);
  }
  return { status: 200, headers: {}, body: out };
}

const RESULT_REF = /\{result=([^:}]+):(\$[^}]*)\}/g;

async function runItem(item: BatchItem, results: Map<string, { ok: boolean; body: unknown }>, version: string | undefined, token: string, outer: RequestHeaders, runner: BatchRunner): Promise<Answer> {
  const refusal = (message: string): Answer => runner.refused(invalidParameter(undefined, message, [], 'Batch item not run'));
  if (item.dependsOn !== undefined && !results.get(item.dependsOn)?.ok) return refusal(`The batch item it depends on (${item.dependsOn}) did not succeed.`);
  let missing: string | undefined;
  const fill = (text: string): string =>
    text.replace(RESULT_REF, (_, name: string, path: string) => {
      const r = results.get(name);
      const value = r?.ok ? valueAt(r.body, path) : undefined;
      if (value === undefined) missing ??= `{result=${name}:${path}}`;
      return value ?? '';
    });
  const relative = fill(item.relativeUrl);
  const body = item.body === undefined ? undefined : fill(item.body);
  if (missing) return refusal(`Cannot resolve ${missing}: no earlier item of the batch answered that value.`);
  const path = relative.replace(/^\/+/, '');
  const versioned = version && !/^v\d+\.\d+(\/|\?|$)/.test(path) ? `${version}/${path}` : path;
  const headers: Record<string, string | undefined> = { ...outer, 'content-type': undefined, 'content-length': undefined, 'transfer-encoding': undefined };
  // The item's own token (in its relative_url or body) wins over this one, as a parameter wins over the header.
  headers.authorization = `OAuth ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const bytes = new TextEncoder().encode(body ?? '');
  return runner.run({ method: item.method, url: `/${versioned}`, headers, body: async () => bytes });
}

/** `$.a.b`, `$.data.0.id`, `$.data.*.id` (every match, joined with commas), as text. */
function valueAt(body: unknown, path: string): string | undefined {
  const steps = path.replace(/^\$\.?/, '').split('.').filter((s) => s !== '');
  let values: unknown[] = [body];
  for (const step of steps) {
    values = values.flatMap((v) => {
      if (step === '*') return Array.isArray(v) ? v : [];
      if (Array.isArray(v)) return /^\d+$/.test(step) && Number(step) < v.length ? [v[Number(step)]] : [];
      return v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, step) ? [(v as Record<string, unknown>)[step]] : [];
    });
  }
  const texts = values.filter((v) => v !== undefined && v !== null).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return texts.length ? texts.join(',') : undefined;
}

function batchItems(input: HttpInput): BatchItem[] {
  const raw = input.params.filter((p) => p.name === 'batch').pop()!.value;
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw refuseBatch('`batch` must be a JSON list of requests: it is not valid JSON.');
    }
  }
  if (!Array.isArray(list) || list.length === 0) throw refuseBatch('`batch` must be a JSON list of at least one request.');
  if (list.length > MAX_BATCH_ITEMS) throw refuseBatch(`Too many requests in batch message. Maximum batch size is ${MAX_BATCH_ITEMS}.`);
  return list.map((x, i) => {
    const o = x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
    // As the editor reads them (schemas/params/batch.schema.json, REQ-BATCH): the method in capitals.
    const method = typeof o?.method === 'string' ? o.method : undefined;
    const relativeUrl = typeof o?.relative_url === 'string' ? o.relative_url : undefined;
    if (!o || !method || relativeUrl === undefined || relativeUrl === '') throw refuseBatch(`Item ${i} of \`batch\` needs a \`method\` and a \`relative_url\`.`);
    if (!['GET', 'POST', 'DELETE'].includes(method)) throw refuseBatch(`Item ${i} of \`batch\`: the method ${method} is not one the API takes.`);
    const body = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : undefined;
    if (o.body !== undefined && body === undefined) throw refuseBatch(`Item ${i} of \`batch\`: \`body\` is form-encoded text (name=value&...).`);
    for (const member of ['name', 'depends_on']) {
      if (o[member] !== undefined && typeof o[member] !== 'string') throw refuseBatch(`Item ${i} of \`batch\`: \`${member}\` is text.`);
    }
    const omit = o.omit_response_on_success;
    if (omit !== undefined && typeof omit !== 'boolean' && omit !== 'true' && omit !== 'false') throw refuseBatch(`Item ${i} of \`batch\`: \`omit_response_on_success\` is true or false.`);
    const name = typeof o.name === 'string' && o.name !== '' ? o.name : undefined;
    const dependsOn = typeof o.depends_on === 'string' && o.depends_on !== '' ? o.depends_on : undefined;
    return { method, relativeUrl, body, name, dependsOn, omitResponseOnSuccess: typeof omit === 'boolean' ? omit : omit === 'false' ? false : omit === 'true' ? true : undefined };
  });
}

function refuseBatch(message: string): ServiceError {
  return invalidParameter('REQ-BATCH', message, ['batch'], 'Batch refused');
}

function textParam(input: HttpInput, name: string): string | undefined {
  const v = input.params.filter((p) => p.name === name).pop()?.value;
  return v === undefined || v === null ? undefined : String(v);
}
