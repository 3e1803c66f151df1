/**
 * The editor and the emulator agree (issue 4, Acceptance): every request of every file in
 * examples/, and every case of the rule tables in test/core/rules/, is checked by the editor (the
 * core's parser, file context, block call and rule engine) and sent over HTTP to the emulator.
 *
 * The contract compared (docs/emulator.md, "How a call is answered"): a request whose first
 * finding with a service answer is an error or a warning is refused with that finding's code and
 * subcode; a request without one is accepted. For examples/ "accepted" means 2xx. Rule cases use
 * made-up ids, so for them "accepted" also allows answers about data the emulator does not hold (an
 * unknown object or campaign) and the service-only rules, which the editor cannot see.
 *
 * The third test repeats the creation cases as updates and copies, which must pass the creation's
 * rules too (issue 24).
 *
 * What the service knows and a file does not is given to both sides: the campaign's objective,
 * buying type and budget (the editor learns them from `# @objective`, `# @buying-type` and
 * `# @campaign-budget`), the account's DSA defaults, the release table and today's date.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildBlockCall, buildFileContext, checkCall, getApiModel, parseBlock, parseDocument, validateDocument, type Environment, type Finding, type RuleFinding } from '../../server/src/core';
import { expectedRefusals } from '../../server/src/core/rules/expectRules';
import { readBodyValue } from '../../server/src/core/syntax/jsonBody';
import { EMULATOR_ACCOUNT_DEFAULTS } from '../../server/src/core/model/emulatorAccounts';
import { exampleFiles, examplesDir, examplesEnvironment } from '../examples';
import type { EmulatorConfig } from '../../server/src/emulator';
import { SEED, seedState } from '../../server/src/emulator/seed';
import { adsetBody, closeAllEmulators, request, startTest, T_2026, TestClock, type Sent, type TestEmulator } from './harness';

const model = getApiModel();
const root = path.resolve(__dirname, '..', '..', '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-consistency-'));
let started = 0;
after(async () => {
  await closeAllEmulators();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** RULES.md: the service ignores an invalid time_range even where the schema rejects its text. */
const IGNORED_BY_SERVICE = new Set(['ADSET-TIME-RANGE']);
/** Rules with no editor diagnostic whose RULES.md Service column answers something: only the service can check them. */
const SERVICE_ONLY = new Set(Object.entries(model.rules).filter(([, r]) => r.severity === null && !/^[—-]$/.test(r.service.trim())).map(([id]) => id));

/**
 * docs/rules.md, "The editor and the service agree": an editor error means the service refuses, a
 * clean request or a warning means it accepts, except for the rows of its three tables, read here so
 * that an exception exists only where the documentation records why.
 */
interface Exceptions {
  /** Warnings whose requests the service refuses. */
  warningsRefused: Set<string>;
  /** Editor errors about the text, which no service sees. */
  errorsNotSeen: Set<string>;
  /** Refusals of clean requests, by rule: the subcodes named, or every one. */
  serviceRefuses: Map<string, Set<number> | 'any'>;
}

function readExceptions(): Exceptions {
  const docs = fs.readFileSync(path.join(root, 'docs', 'rules.md'), 'utf8');
  const table = (title: string): string[][] => {
    const at = docs.indexOf(`**${title}`);
    assert.ok(at >= 0, `docs/rules.md has no table "${title}"`);
    const rows: string[][] = [];
    for (const line of docs.slice(at).split('\n').slice(1)) {
      if (rows.length && !line.startsWith('|')) break;
      if (!line.startsWith('|') || /^\|[-| ]+\|$/.test(line)) continue;
      rows.push(line.slice(1, -1).split(' | ').map((c) => c.trim()));
    }
    return rows.slice(1); // The header row.
  };
  const ids = (cell: string): string[] => [...cell.matchAll(/`([A-Z0-9]+(?:-[A-Z0-9]+)+)`/g)].map((m) => m[1]);
  // A row that qualifies its rules ("`URL-ID-ENCODED` with a raw `#` or space", "... when the editor's
  // environment has no release table") is met where it applies (sendBlock, emulatorFor).
  const plainIds = (cell: string): string[] => (cell.replace(/`[A-Z0-9-]+`|[\d,\s]/g, '') === '' ? ids(cell) : []);
  const serviceRefuses = new Map<string, Set<number> | 'any'>();
  for (const [first] of table('Clean requests the service refuses.')) {
    const codes = [...first.matchAll(/\b(\d{6,7})\b/g)].map((m) => Number(m[1]));
    for (const id of plainIds(first)) serviceRefuses.set(id, codes.length ? new Set(codes) : 'any');
  }
  const exceptions = {
    warningsRefused: new Set(table('Warnings the service refuses.').flatMap(([first]) => ids(first))),
    errorsNotSeen: new Set(table('Editor errors the service does not see.').flatMap(([first]) => plainIds(first))),
    serviceRefuses,
  };
  // The tables were read (a change of their layout must not empty them).
  assert.ok(exceptions.warningsRefused.has('REQ-UNKNOWN-PARAM') && exceptions.errorsNotSeen.has('SYNTAX-JSON'), 'docs/rules.md tables read');
  const ios14 = serviceRefuses.get('ADSET-IOS14');
  assert.ok(ios14 instanceof Set && ios14.size >= 10, 'docs/rules.md lists the iOS 14 codes only the service checks');
  return exceptions;
}

const EXCEPTIONS = readExceptions();

type Expectation = { kind: 'accept' } | { kind: 'refuse'; status: number; code: number; subcode?: number; rule: string };

interface Planned {
  label: string;
  blockText: string;
  name?: string;
  expect?: Expectation;
  skip?: string;
  /** The editor's severities and the service's answer disagree (docs/rules.md, "The editor and the service agree"). */
  verdict?: string;
  /**
   * A batch the editor accepts as a whole: which of its items it finds refused (an error, or a
   * refusing warning, on `Batch item N`). The service answers the batch 200 and each item in it.
   */
  batchItems?: Set<number>;
}

/** The editor's verdict on each request of a file, in the contract's terms. */
function plan(text: string, env: Environment, label: string): Planned[] {
  const doc = parseDocument(text);
  const ctx = buildFileContext(doc, env);
  const diagnostics = validateDocument(doc, { env, model });
  const out: Planned[] = [];
  for (const block of doc.blocks) {
    if (!block.parsed.request) continue;
    const inBlock = diagnostics.filter((f) => f.span.start >= block.offset && f.span.start <= block.offset + block.text.length);
    const name = block.parsed.directives.find((d) => d.name.text === 'name')?.value?.text;
    const entry: Planned = { label: `${label} #${block.index}`, blockText: block.text, name };
    // Past the limits of the check the editor has not read all of the request: it gives no verdict.
    if (inBlock.some((f) => f.code === 'REQ-CHECK-LIMIT')) {
      out.push({ ...entry, skip: 'past the limits of the check (REQ-CHECK-LIMIT)' });
      continue;
    }
    const bc = buildBlockCall(block, ctx, model);
    const refusal = bc ? firstRefusal(checkCall(bc.call, model, { written: (n) => bc.written.get(n)?.value?.text })) : undefined;
    // An editor error means a refusal, a warning or a clean request an acceptance, but for the documented exceptions.
    const refuses = (f: Finding): boolean => (f.severity === 'error' && !EXCEPTIONS.errorsNotSeen.has(f.code)) || (f.severity === 'warning' && EXCEPTIONS.warningsRefused.has(f.code));
    // docs/rules.md, REQ-BATCH: the items of a batch are compared one by one, each with its answer in the batch's.
    if (bc?.call.endpoint?.selectedBy && !refusal) {
      const items = new Set(inBlock.filter(refuses).map((f) => Number(/^Batch item (\d+)/.exec(f.message)?.[1] ?? -1)));
      if (!items.has(-1)) {
        out.push({ ...entry, expect: { kind: 'accept' }, batchItems: items });
        continue;
      }
    }
    const errorsSeen = inBlock.filter((f) => f.severity === 'error' && !EXCEPTIONS.errorsNotSeen.has(f.code));
    const refusingWarnings = inBlock.filter((f) => f.severity === 'warning' && EXCEPTIONS.warningsRefused.has(f.code));
    // A request written to be refused (`# @expect refused RULE-ID`) says so in the file: the editor
    // leaves that rule's finding out on purpose (docs/format.md, Expectations).
    const expected = expectedRefusals(block);
    const editorRefuses = errorsSeen.length > 0 || refusingWarnings.length > 0 || (!!refusal && expected.has(refusal.rule)) || expected.has('URL-READ-RATE');
    const serviceRefuses = !!refusal || inBlock.some((f) => f.code === 'URL-READ-RATE') || expected.has('URL-READ-RATE');
    if (editorRefuses !== serviceRefuses) {
      entry.verdict = editorRefuses
        ? `the editor reports ${[...errorsSeen, ...refusingWarnings].map((f) => `${f.code} (${f.severity})`).join(', ')}, but the service would accept it`
        : `the editor reports ${inBlock.map((f) => `${f.code} (${f.severity})`).join(', ') || 'nothing'}, but the service would refuse it with ${refusal!.rule}, which docs/rules.md does not list as an exception`;
    }
    if (refusal) {
      entry.expect = { kind: 'refuse', status: 400, code: refusal.service!.code, subcode: refusal.service!.subcode, rule: refusal.rule };
    } else if (inBlock.some((f) => f.code === 'URL-READ-RATE') || expectedRefusals(block).has('URL-READ-RATE')) {
      // The 11th read of a URL: flagged by the checker, or (when the URL is decided at send time)
      // declared by the request itself (`# @expect refused URL-READ-RATE`, examples/contract.graphreq).
      entry.expect = { kind: 'refuse', status: 400, code: 613, rule: 'URL-READ-RATE' };
    } else if (inBlock.some((f) => f.severity === 'error')) {
      entry.skip = `an editor error about the text, which no service sees: ${errors(inBlock)}`;
    } else {
      entry.expect = { kind: 'accept' };
    }
    out.push(entry);
  }
  return out;
}

function firstRefusal(findings: RuleFinding[]): RuleFinding | undefined {
  return findings.find((f) => {
    if (!f.service || IGNORED_BY_SERVICE.has(f.rule)) return false;
    const severity = f.severity ?? model.rule(f.rule)?.severity;
    return severity === 'error' || severity === 'warning';
  });
}

function errors(findings: Finding[]): string {
  return [...new Set(findings.filter((f) => f.severity === 'error').map((f) => f.code))].join(', ');
}

/**
 * Sends one request block over HTTP after replacing `{{...}}`: file and environment variables, and
 * `{{name.response.body.path}}` from earlier responses. Returns the reason instead when the block
 * cannot be sent as the editor saw it.
 */
async function sendBlock(emu: TestEmulator, p: Planned, vars: Record<string, string>, responses: Map<string, unknown>): Promise<Sent | string> {
  let unresolved: string | undefined;
  const resolved = p.blockText.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, expr: string) => {
    const m = /^([\w-]+)\.response\.body\.(.+)$/.exec(expr);
    const value = m ? lookup(responses.get(m[1]), m[2]) : vars[expr];
    if (value === undefined) unresolved ??= whole;
    return value === undefined ? whole : typeof value === 'string' ? value : JSON.stringify(value);
  });
  if (unresolved) return `unresolved ${unresolved}`;
  const req = parseBlock(resolved).request;
  if (!req) return 'no request';
  const headers: Record<string, string> = { Authorization: 'Bearer demo-token' };
  for (const h of req.headers) {
    if (!/^(authorization|host|content-length|transfer-encoding|connection)$/i.test(h.name.text)) headers[h.name.text] = h.value.text;
  }
  const written = req.params.map((q) => `${q.name.text}${q.value ? `=${q.value.text}` : ''}`).join('&');
  const query = req.params.map((q) => `${safe(q.name.text)}${q.value ? `=${q.name.text === 'access_token' ? 'demo-token' : safe(q.value.text)}` : ''}`).join('&');
  // A raw `#` or space cannot travel in a request target: any client encodes it, so what the editor
  // says about how the URL is written never reaches a server.
  if (p.expect?.kind === 'refuse' && p.expect.rule === 'URL-ID-ENCODED' && safe(written) !== written) return 'written with a raw # or space, which HTTP cannot carry';
  const target = `/${req.target.path.segments.map((s) => safe(s.text)).join('/')}${query ? `?${query}` : ''}`;
  let body: string | undefined;
  if (req.body?.kind === 'json') {
    const read = readBodyValue(req.body.text);
    if (!read.ok) return 'body is not JSON';
    const value = read.value as Record<string, unknown>;
    if (value && typeof value === 'object' && 'access_token' in value) value.access_token = 'demo-token';
    body = JSON.stringify(value);
    headers['Content-Type'] = 'application/json';
  } else if (req.body?.kind === 'form') {
    body = req.body.text.trim().replace(/(^|&)access_token=[^&]*/, '$1access_token=demo-token');
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  return request(emu.emulator.port, req.method?.text.toUpperCase() ?? 'GET', target, headers, body);
}

/** Percent-encodes what cannot travel raw in a request target, leaving escapes already written alone. */
function safe(text: string): string {
  return text.replace(/[^\x21-\x7e]|#/g, (c) => encodeURIComponent(c));
}

function lookup(value: unknown, dotted: string): unknown {
  let v = value;
  for (const key of dotted.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** How the answer compares with the editor's verdict; undefined when they agree. */
function disagreement(p: Planned, sent: Sent, strict: boolean): string | undefined {
  const e = p.expect!;
  const rule = sent.headers['x-graphreq-rule'] as string | undefined;
  const show = `${sent.status} ${rule ?? ''} ${sent.text.slice(0, 300)}`;
  if (e.kind === 'refuse') {
    const err = sent.body?.error;
    if (sent.status === e.status && err?.code === e.code && err?.error_subcode === e.subcode && rule === e.rule) return undefined;
    return `expected ${e.status} ${e.code}${e.subcode ? `/${e.subcode}` : ''} (${e.rule}), got ${show}`;
  }
  if (sent.status >= 200 && sent.status < 300) return p.batchItems ? batchDisagreement(p.batchItems, sent, strict) : undefined;
  if (!strict && (sent.body?.error?.error_subcode === 33 || sent.body?.error?.code === 803 || aboutData(sent, rule) || (sent.status < 500 && rule !== undefined && (SERVICE_ONLY.has(rule) || refusedFromData(rule, sent.body?.error?.error_subcode))))) return undefined;
  return `expected acceptance, got ${show}`;
}

/** Each item of a batch answered as the editor judged it: refused (4xx) where it found the item refused, else 2xx. */
function batchDisagreement(refused: Set<number>, sent: Sent, strict: boolean): string | undefined {
  if (!Array.isArray(sent.body)) return `expected a batch answer (a list), got ${sent.text.slice(0, 300)}`;
  const problems: string[] = [];
  (sent.body as Array<{ code: number; body: string } | null>).forEach((item, i) => {
    const code = item?.code ?? 200;
    const error = item?.body ? (JSON.parse(item.body) as { error?: { code?: number; error_subcode?: number } }).error : undefined;
    const aboutMadeUpData = !strict && (error?.error_subcode === 33 || error?.code === 803);
    if (refused.has(i) !== code >= 400 && !(code >= 400 && aboutMadeUpData)) problems.push(`item ${i}: the editor ${refused.has(i) ? 'refuses' : 'accepts'} it, the service answered ${code} ${item?.body?.slice(0, 200) ?? ''}`);
  });
  return problems.length ? problems.join('; ') : undefined;
}

/**
 * An answer about data the rule cases make up (docs/rules.md: "an object, campaign or ad account the
 * service does not hold"): an unknown object is a 100 with subcode 33 (803 among the ids of `?ids=`); a campaign that does not exist is a 100 without
 * a rule that blames campaign_id. Any other refusal without a rule is no answer about data.
 */
function aboutData(sent: Sent, rule: string | undefined): boolean {
  if (rule !== undefined || sent.status !== 400) return false;
  const data = sent.body?.error?.error_data;
  return typeof data === 'string' && data.includes('"campaign_id"');
}

/** A refusal docs/rules.md lists under "Clean requests the service refuses" (conditions on the service's data). */
function refusedFromData(rule: string, subcode: number | undefined): boolean {
  const listed = EXCEPTIONS.serviceRefuses.get(rule);
  return listed === 'any' || (listed !== undefined && subcode !== undefined && listed.has(subcode));
}

async function run(emu: TestEmulator, planned: Planned[], vars: Record<string, string>, strict: boolean, problems: string[], skipped: Map<string, number>): Promise<number> {
  const responses = new Map<string, unknown>();
  let compared = 0;
  for (const p of planned) {
    if (p.verdict) problems.push(`${p.label}: ${p.verdict}\n${p.blockText.trim()}`);
    if (p.skip) {
      if (strict) problems.push(`${p.label}: ${p.skip}`);
      count(skipped, p.skip);
      continue;
    }
    const sent = await sendBlock(emu, p, vars, responses);
    if (typeof sent === 'string') {
      if (strict) problems.push(`${p.label}: ${sent}`);
      count(skipped, sent.replace(/^unresolved .*/, 'a {{reference}} left unresolved'));
      continue;
    }
    if (p.name) responses.set(p.name, sent.body);
    compared++;
    const d = disagreement(p, sent, strict);
    if (d) problems.push(`${p.label}: ${d}\n${p.blockText.trim()}`);
  }
  return compared;
}

function fileVariables(text: string, env: Environment): Record<string, string> {
  const vars: Record<string, string> = { ...env.variables };
  for (const b of parseDocument(text).blocks) for (const v of b.parsed.variables) vars[v.name.text] = v.value.text;
  // Variables may refer to each other.
  for (let i = 0; i < 8; i++) for (const [k, v] of Object.entries(vars)) vars[k] = v.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (w, n: string) => vars[n] ?? w);
  return vars;
}

describe('editor and emulator agree', () => {
  it('on every request of examples/: clean requests get 2xx, in order, with named responses', async (t) => {
    const emu = await startTest({}, new TestClock(T_2026));
    const files = exampleFiles();
    assert.ok(files.length >= 3, 'examples/ holds the example files');
    const problems: string[] = [];
    let compared = 0;
    for (const file of files) {
      const text = fs.readFileSync(path.join(examplesDir, file), 'utf8');
      // The examples' environment holds the seed account's DSA defaults, which the emulator has too.
      const env: Environment = examplesEnvironment();
      compared += await run(emu, plan(text, env, file), fileVariables(text, env), true, problems, new Map());
    }
    t.diagnostic(`${compared} example requests compared`);
    assert.deepEqual(problems, []);
    assert.ok(compared >= 7, `only ${compared} example requests were compared`);
  });

  it('on every case of the rule tables in test/core/rules', async (t) => {
    const cases = loadRuleCases();
    assert.ok(cases.length > 100, `only ${cases.length} rule cases found`);
    const problems: string[] = [];
    const skipped = new Map<string, number>();
    let compared = 0;
    for (const [env, group] of byEnvironment(cases)) {
      const emu = await emulatorFor(env, group);
      for (const c of group) {
        const prepared = withCampaignKnowledge(c.text);
        if (typeof prepared !== 'string' || prepared.includes('⟦')) {
          count(skipped, typeof prepared === 'string' ? 'marker left in the text' : prepared.skip);
          continue;
        }
        compared += await run(emu, plan(prepared, env, `${c.file} ${c.rule} ${c.kind}: ${c.name}`), fileVariables(prepared, env), false, problems, skipped);
        // A new hour for each case: the URL node's 10 reads per hour start again.
        emu.clock.advance(61 * 60_000);
      }
    }
    t.diagnostic(`${compared} requests of ${cases.length} rule cases compared; skipped: ${JSON.stringify(Object.fromEntries(skipped))}`);
    assert.deepEqual(problems, []);
    assert.ok(compared > 100, `only ${compared} rule-case requests were compared`);
  });

  it('on updates and copies that repeat the creation cases of the rule tables', async (t) => {
    const cases = loadRuleCases().filter((c) => c.file.startsWith('adset-create'));
    const problems: string[] = [];
    const skipped = new Map<string, number>();
    const compared = { update: 0, copy: 0, refusals: 0 };
    for (const [env, group] of byEnvironment(cases)) {
      const emu = await emulatorFor(env, group);
      for (const c of group) {
        const d = derivable(c, env);
        if (typeof d === 'string') {
          count(skipped, d);
          continue;
        }
        for (const [kind, send] of [['update', updateLikeCase], ['copy', copyLikeCase]] as const) {
          const sent = await send(emu, d);
          if (typeof sent === 'string') {
            count(skipped, `${kind}: ${sent}`);
            continue;
          }
          compared[kind]++;
          if (d.expect.kind === 'refuse') compared.refusals++;
          const problem = derivedDisagreement(d, sent);
          if (problem) problems.push(`${kind} repeating ${d.label}: ${problem}`);
        }
        emu.clock.advance(61 * 60_000);
      }
    }
    t.diagnostic(`${compared.update} updates and ${compared.copy} copies compared (${compared.refusals} of them refusals); skipped: ${JSON.stringify(Object.fromEntries(skipped))}`);
    assert.deepEqual(problems, []);
    assert.ok(compared.update > 50 && compared.copy > 5 && compared.refusals > 20, `too few compared: ${JSON.stringify(compared)}`);
  });
});

/**
 * Updates and copies (issue 24): [2] Regional-regulation rule 1 applies "to new, duplicated or
 * significantly edited ads", and a copy is a new ad set with the original's parameters, so the ad set
 * an update or a copy leaves must pass what the creation would. Each creation case of the rule tables
 * whose request is a JSON body becomes:
 * - an update: a valid ad set is created in the same account and campaign, then updated with the
 *   case's members (all but campaign_id, campaign_spec and execution_options, which place or run the
 *   call). The ad set left is the case's request, so the answer is the editor's verdict on the case;
 * - a copy, for a case that gives `start_time` or `end_time`: the case's ad set is created with a
 *   schedule every rule accepts, then copied with the case's own times (a copy's parameters).
 * Only refusals by the ad set rules are compared: a request-level refusal (an unknown parameter, the
 * version) belongs to the creation call itself, and [2] shows no update parameters.
 */
interface Derived {
  label: string;
  expect: Expectation;
  /** The case's request as members of a JSON body, `{{...}}` resolved. */
  members: Record<string, unknown>;
  /** `/v23.0/act_<id>/adsets` */
  path: string;
}

/** The creation cases of a group as requests an update or a copy can repeat, or why one cannot. */
function derivable(c: RuleCaseInput, env: Environment): Derived | string {
  const prepared = withCampaignKnowledge(c.text);
  if (typeof prepared !== 'string') return prepared.skip;
  const planned = plan(prepared, env, `${c.file} ${c.rule} ${c.kind}: ${c.name}`);
  if (planned.length !== 1) return 'not one request';
  const p = planned[0];
  if (p.skip || p.verdict || !p.expect) return 'no verdict to compare';
  if (p.expect.kind === 'refuse' && !p.expect.rule.startsWith('ADSET-')) return 'refused by a request-level rule';
  const vars = fileVariables(prepared, env);
  let unresolved = false;
  const text = p.blockText.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, expr: string) => vars[expr] ?? ((unresolved = true), whole));
  if (unresolved) return 'a {{reference}} left unresolved';
  const req = parseBlock(text).request;
  if (!req || req.method?.text.toUpperCase() !== 'POST' || req.params.length || req.body?.kind !== 'json') return 'not a creation with a JSON body';
  const path = `/${req.target.path.segments.map((seg) => seg.text).join('/')}`;
  if (!/^\/v\d+\.\d+\/act_\d+\/adsets$/.test(path)) return 'not a creation with a JSON body';
  const read = readBodyValue(req.body.text);
  if (!read.ok || !read.value || typeof read.value !== 'object' || Array.isArray(read.value)) return 'body is not a JSON object';
  const members = read.value as Record<string, unknown>;
  if ('campaign_spec' in members || !('campaign_id' in members)) return 'an inline campaign, which an update cannot name';
  if ('execution_options' in members) return 'execution_options, which run the creation call itself';
  return { label: p.label, expect: p.expect, members, path };
}

/** Parameters an update or a copy does not carry: they place or run the call (handlers/adsetOther.ts FIXED). */
const PLACING = ['campaign_id', 'campaign_spec', 'execution_options', 'access_token'];
/** 2020-01-01: a start far enough back that no end the cases give makes a schedule of 24 hours or less. */
const EARLY_START = 1577836800;

function without(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}

/** How an answer compares with the case's verdict, for the ad set rules; undefined when they agree. */
function derivedDisagreement(d: Derived, sent: Sent): string | undefined {
  const rule = sent.headers['x-graphreq-rule'] as string | undefined;
  const show = `${sent.status} ${rule ?? ''} ${sent.text.slice(0, 300)}`;
  if (d.expect.kind === 'refuse') {
    const err = sent.body?.error;
    if (sent.status === d.expect.status && err?.code === d.expect.code && err?.error_subcode === d.expect.subcode && rule === d.expect.rule) return undefined;
    return `expected ${d.expect.status} ${d.expect.code}${d.expect.subcode ? `/${d.expect.subcode}` : ''} (${d.expect.rule}), got ${show}`;
  }
  if (sent.status >= 200 && sent.status < 300) return undefined;
  // The service-only rules (iOS 14 conditions, limits) answer from data the editor does not see.
  if (sent.status < 500 && rule !== undefined && (SERVICE_ONLY.has(rule) || refusedFromData(rule, sent.body?.error?.error_subcode))) return undefined;
  return `expected acceptance, got ${show}`;
}

async function updateLikeCase(emu: TestEmulator, d: Derived): Promise<Sent | string> {
  const version = d.path.split('/')[1];
  const base = await emu.post(d.path, { json: adsetBody({ campaign_id: d.members.campaign_id }) });
  if (base.status !== 200) return 'the base ad set was refused';
  const baseKeys = Object.keys(adsetBody());
  // An update cannot take a member away: a case that leaves out one of the base's is another request.
  if (baseKeys.some((k) => !(k in d.members))) return 'the case leaves out a member of the base ad set';
  return emu.post(`/${version}/${base.body.id}`, { json: without(d.members, PLACING) });
}

async function copyLikeCase(emu: TestEmulator, d: Derived): Promise<Sent | string> {
  const times = Object.fromEntries(Object.entries(d.members).filter(([k]) => k === 'start_time' || k === 'end_time'));
  if (!Object.keys(times).length) return 'no times for a copy to carry';
  const version = d.path.split('/')[1];
  // The original: the case with a schedule of 400 days, which every budget and span rule accepts.
  const start = times.start_time ?? EARLY_START;
  const startSeconds = typeof start === 'number' ? start : Math.floor(Date.parse(String(start).replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) / 1000);
  if (!Number.isFinite(startSeconds)) return 'a start_time that is no time';
  const source = await emu.post(d.path, { json: { ...d.members, start_time: startSeconds, end_time: startSeconds + 400 * 86400 } });
  if (source.status !== 200) return 'the original was refused';
  return emu.post(`/${version}/${source.body.id}/copies`, { json: { ...(times.start_time === undefined ? { start_time: startSeconds } : {}), ...times } });
}

interface RuleCaseInput {
  file: string;
  rule: string;
  kind: 'fail' | 'pass';
  name: string;
  text: string;
  env?: Partial<Environment>;
}

/** The exported `cases` tables of test/core/rules/*.test.js (importing them runs none of their tests). */
function loadRuleCases(): RuleCaseInput[] {
  const rulesDir = path.join(__dirname, '..', 'core', 'rules');
  const out: RuleCaseInput[] = [];
  for (const file of fs.readdirSync(rulesDir).filter((f) => f.endsWith('.test.js')).sort()) {
    // Only the family tables: requiring another test file would register its tests here.
    if (!fs.readFileSync(path.join(rulesDir, file), 'utf8').includes('exports.cases =')) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.join(rulesDir, file)) as { cases?: Record<string, { fail: Array<{ name: string; text: string; env?: Partial<Environment> }>; pass: Array<{ name: string; text: string; env?: Partial<Environment> }> }> };
    for (const [rule, set] of Object.entries(mod.cases ?? {})) {
      for (const kind of ['fail', 'pass'] as const) {
        for (const c of set[kind]) out.push({ file, rule, kind, name: c.name, text: c.text.replace(/[⟦⟧‸]/g, ''), env: c.env });
      }
    }
  }
  return out;
}

/** The cases grouped by the environment they give the editor (one emulator each). */
function byEnvironment(cases: RuleCaseInput[]): Array<[Environment, RuleCaseInput[]]> {
  const groups = new Map<string, RuleCaseInput[]>();
  for (const c of cases) {
    const key = JSON.stringify(c.env ?? {});
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups].map(([key, group]) => [{ variables: {}, ...(JSON.parse(key) as Partial<Environment>) }, group]);
}

/** The seeded iOS 14 campaigns that promote the app every iOS 14 condition accepts, by objective. */
const IOS14_CAMPAIGNS: Record<string, string> = { OUTCOME_APP_PROMOTION: SEED.campaigns.ios14, OUTCOME_TRAFFIC: SEED.campaigns.ios14Traffic };

/**
 * Sends the case's campaign_id to a seeded campaign with the objective its `# @objective` names
 * (the awareness campaign when it names none) and writes the seeded campaign's facts as directives,
 * so the editor knows what the emulator knows. Cases about other buying types or campaign budgets
 * have no seeded campaign to go to.
 */
function withCampaignKnowledge(text: string): string | { skip: string } {
  const doc = parseDocument(text);
  let out = text;
  for (const block of [...doc.blocks].reverse()) {
    const req = block.parsed.request;
    if (!req || !/campaign_id/.test(block.text)) continue;
    const directive = (n: string): string | undefined => block.parsed.directives.find((d) => d.name.text === n)?.value?.text.trim().split(/\s/)[0];
    const type = directive('campaign-type') ?? 'regular';
    const objective = directive('objective') ?? (type === 'ios14' ? 'OUTCOME_APP_PROMOTION' : 'OUTCOME_AWARENESS');
    const campaign = type === 'ios14' ? IOS14_CAMPAIGNS[objective] : (SEED.campaigns as Record<string, string>)[objective];
    if (!campaign) return { skip: `objective ${objective} has no seeded ${type} campaign` };
    if ((directive('buying-type') ?? 'AUCTION') !== 'AUCTION' || (directive('campaign-budget') ?? 'none') !== 'none') return { skip: 'a buying type or campaign budget no seeded campaign has' };
    const facts = [['objective', objective], ['buying-type', 'AUCTION'], ['campaign-budget', 'none'], ['campaign-type', type]].filter(([n]) => directive(n) === undefined).map(([n, v]) => `# @${n} ${v}\n`).join('');
    const start = block.offset + req.span.start;
    const end = block.offset + block.text.length;
    const rest = out.slice(start, end).replace(/("campaign_id"\s*:\s*"?)\d+/g, `$1${campaign}`).replace(/(campaign_id=)\d+/g, `$1${campaign}`);
    out = out.slice(0, start) + facts + rest + out.slice(end);
  }
  return out;
}

/** An emulator that knows what the case's environment tells the editor. */
async function emulatorFor(env: Environment, group: RuleCaseInput[]): Promise<TestEmulator> {
  const state = seedState();
  for (const a of Object.values(state.accounts)) {
    delete a.default_dsa_payor;
    delete a.default_dsa_beneficiary;
  }
  const accounts = new Set<string>();
  for (const c of group) for (const m of c.text.matchAll(/act_(\d+)/g)) accounts.add(m[1]);
  for (const id of accounts) {
    // What the editor takes for the account's defaults (adsetRegionRules.ts): the environment's, else,
    // for a request that goes to graphreq's emulator, the emulator's seeded ones.
    const own = env.accounts?.[`act_${id}`];
    const seeded = !own && env.baseUrl === undefined ? EMULATOR_ACCOUNT_DEFAULTS[`act_${id}`] : undefined;
    const payor = own?.default_dsa_payor ?? env.defaultDsaPayor ?? seeded?.default_dsa_payor;
    const beneficiary = own?.default_dsa_beneficiary ?? env.defaultDsaBeneficiary ?? seeded?.default_dsa_beneficiary;
    state.accounts[id] = { id, locale: 'en_US', ...(payor ? { default_dsa_payor: payor } : {}), ...(beneficiary ? { default_dsa_beneficiary: beneficiary } : {}) };
  }
  const file = path.join(dir, `state-${started++}.json`);
  fs.writeFileSync(file, JSON.stringify(state));
  // Without a release table the editor lets every version up to the latest through (REQ-VERSION-UNKNOWN):
  // a table holding only the latest does the same, every older version being older than the whole table.
  const latestKnown = env.latestVersion ?? model.latestVersion;
  const releases = env.releases ?? { [latestKnown]: '2026-01-01' };
  const latest = Object.keys(releases).sort((a, b) => Number(a.slice(1).split('.')[0]) - Number(b.slice(1).split('.')[0]) || Number(a.split('.')[1]) - Number(b.split('.')[1])).pop()!;
  const config: Partial<EmulatorConfig> = {
    releases,
    latestVersion: latest,
    defaultVersion: env.defaultVersion,
    apps: { '1': { accessTier: 'standard_access', dailyActiveUsers: 1e6, engagedUsers: 1e6 } },
    userCallsPerHour: 1e9,
  };
  const clock = new TestClock(env.today ? Date.parse(`${env.today}T12:00:00Z`) : T_2026);
  return startTest({ dataFile: file, config }, clock);
}

function count(m: Map<string, number>, key: string): void {
  m.set(key, (m.get(key) ?? 0) + 1);
}
