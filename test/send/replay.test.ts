/**
 * The replay suite (issue 24): real-world responses of the service (test/send/replay/samples.ts, each
 * with its source) answered by a local loopback server, and what graphreq makes of them asserted the
 * way a user meets them: decoded by the core, sent by `graphreq send`, checked by `graphreq test`'s
 * expectations and sent by the language server. The meanings, the figures, the scopes, the regain
 * times and the holds that follow are the samples' `expect`.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { adviseBeforeSend, emptyRateState, recordResult, resultFromResponse, type SendResult } from '../../server/src/core/send';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from '../lsp/lspClient';
import { samples, type ReplaySample } from './replay/samples';
import { localServer, model, prepared } from './sendHelpers';

const root = path.join(__dirname, '..', '..', '..');
const bin = path.join(root, 'bin', 'graphreq.js');
const TOKEN = 'replay-token-Qw7Ez3Rt';
const t0 = Date.UTC(2026, 5, 15, 12, 0, 0);
const byId = new Map(samples.map((s) => [s.id, s]));

/** The sample's request as a .graphreq block that asks the replay server for it. */
function block(s: ReplaySample, expectations: string[] = []): string {
  const [method] = s.request.split(' ');
  return `### ${s.id}\n${expectations.join('\n')}${expectations.length ? '\n' : ''}${s.request}\nX-Replay: ${s.id}\n${method === 'POST' ? '\n{ "name": "replayed" }\n' : ''}`;
}

/** A probe: a request the replay server answers 200 without usage headers. */
function probe(request: string): string {
  return `### probe\n${request}\n`;
}

/**
 * What the decoded result must hold, whichever way it was sent. `--format json` carries the error's
 * code, subcode, title, explanation and action (docs/sending.md, JSON output): `brief` checks those.
 */
function assertDecoded(s: ReplaySample, r: Pick<SendResult, 'status' | 'error' | 'usage'>, brief = false): void {
  const e = s.expect;
  const where = `${s.id} (${s.source})`;
  assert.equal(r.status, s.status, where);
  if (e.title !== undefined) assert.equal(r.error?.title, e.title, where);
  if (e.code !== undefined) assert.equal(r.error?.code ?? null, e.code, where);
  if (e.subcode !== undefined) assert.equal(r.error?.subcode ?? null, e.subcode, where);
  if (e.explanation !== undefined) assert.match(r.error?.explanation ?? '', e.explanation, where);
  if (!brief) assertDecodedDetails(s, r);
  if (e.highestPercent !== undefined) assert.equal(r.usage.highestPercent, e.highestPercent, where);
  assertUsage(s, r);
}

/** The error's members beyond those of the JSON output: rate-limit family, BUC type, regain time, blame, user title. */
function assertDecodedDetails(s: ReplaySample, r: Pick<SendResult, 'error'>): void {
  const e = s.expect;
  const where = `${s.id} (${s.source})`;
  if (e.rateLimit !== undefined) assert.equal(r.error?.rateLimit ?? null, e.rateLimit, where);
  if (e.bucType !== undefined) assert.equal(r.error?.bucType ?? null, e.bucType, where);
  if (e.regainMinutes !== undefined) assert.equal(r.error?.regainAccessMinutes ?? null, e.regainMinutes, where);
  if (e.blameFields !== undefined) assert.deepEqual(r.error?.blameFields, e.blameFields, where);
  if (e.userTitle !== undefined) assert.equal(r.error?.userTitle, e.userTitle, where);
}

function assertUsage(s: ReplaySample, r: Pick<SendResult, 'usage'>): void {
  const e = s.expect;
  const where = `${s.id} (${s.source})`;
  if (e.buc !== undefined) {
    assert.deepEqual(
      r.usage.buc.map((b) => ({ businessId: b.businessId, type: b.type, call_count: b.call_count, ...('estimated_time_to_regain_access' in (e.buc!.find((x) => x.businessId === b.businessId && x.type === b.type) ?? {}) ? { estimated_time_to_regain_access: b.estimated_time_to_regain_access } : {}) })),
      e.buc,
      where,
    );
  }
  if (e.adAccount !== undefined) assert.deepEqual({ acc_id_util_pct: r.usage.adAccount?.acc_id_util_pct, reset_time_duration: r.usage.adAccount?.reset_time_duration }, e.adAccount, where);
  if (e.app !== undefined) assert.deepEqual(r.usage.app, e.app, where);
  for (const w of e.usageWarnings ?? []) assert.ok(r.usage.warnings.some((x) => w.test(x)), `${where}: a warning like ${w} in ${JSON.stringify(r.usage.warnings)}`);
}

describe('real-world responses, decoded by the core', () => {
  for (const s of samples) {
    it(`${s.id}: ${s.shows}`, () => {
      const req = prepared(`${s.request}\n`);
      const result = resultFromResponse(req, { status: s.status, statusText: '', headers: lowerCased(s.headers), bodyText: s.body, size: s.body.length, durationMs: 1 }, { model, sentAt: t0, receivedAt: t0, attempts: 1, tokenEnvName: 'T', warnings: [] });
      assertDecoded(s, result);
      const state = recordResult(emptyRateState(), req, result, t0);
      for (const line of s.expect.held ?? []) assert.notEqual(adviseBeforeSend(state, prepared(`${line}\n`), t0 + 1000).holdUntil, null, `${s.id} holds ${line}`);
      for (const line of s.expect.notHeld ?? []) assert.equal(adviseBeforeSend(state, prepared(`${line}\n`), t0 + 1000).holdUntil, null, `${s.id} does not hold ${line}`);
    });
  }
});

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], cwd: string): Promise<Run> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GRAPHREQ_')) env[k] = v;
  env.GRAPHREQ_ACCESS_TOKEN = TOKEN;
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('real-world responses replayed over loopback', () => {
  let server: Awaited<ReturnType<typeof localServer>>;
  const dirs: string[] = [];
  before(async () => {
    server = await localServer((req, _body, res) => {
      const s = byId.get(String(req.headers['x-replay'] ?? ''));
      if (!s) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"data":[]}');
        return;
      }
      res.writeHead(s.status, s.headers);
      res.end(s.body);
    });
  });
  after(async () => {
    await server.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const workspace = (): string => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-replay-'));
    dirs.push(d);
    return d;
  };

  it('graphreq send decodes each answer as the core does (--format json)', async () => {
    const cwd = workspace();
    fs.writeFileSync(path.join(cwd, 'replay.graphreq'), samples.map((s) => block(s)).join('\n'));
    const run = await cli(['send', 'replay.graphreq', '--all', '--force', '--base-url', server.url, '--format', 'json'], cwd);
    const results = JSON.parse(run.stdout) as SendResult[];
    assert.equal(results.length, samples.length, run.stderr);
    samples.forEach((s, i) => assertDecoded(s, results[i], true));
    assert.ok(!run.stdout.includes(TOKEN) && !run.stderr.includes(TOKEN), 'the token is never printed');
  });

  for (const s of samples.filter((x) => x.expect.held?.length || x.expect.notHeld?.length)) {
    it(`graphreq send holds what ${s.id} limits, and only that`, async () => {
      const cwd = workspace();
      fs.writeFileSync(path.join(cwd, 'sample.graphreq'), block(s));
      await cli(['send', 'sample.graphreq', '--all', '--base-url', server.url, '--format', 'json'], cwd);
      // Probes: the ones that must go through first, then one that must be held (a hold stops the run).
      const notHeld = s.expect.notHeld ?? [];
      const held = s.expect.held?.[0];
      fs.writeFileSync(path.join(cwd, 'probes.graphreq'), [...notHeld, ...(held ? [held] : [])].map(probe).join('\n'));
      const run = await cli(['send', 'probes.graphreq', '--all', '--base-url', server.url, '--format', 'json'], cwd);
      const results = JSON.parse(run.stdout) as SendResult[];
      notHeld.forEach((line, i) => assert.equal(results[i]?.status, 200, `${line} is sent: ${run.stderr}`));
      if (held) {
        const last = results[notHeld.length];
        assert.equal(last?.failure?.kind, 'rate-limited', `${held} is held: ${run.stderr}`);
      }
    });
  }

  it('graphreq test checks the decoded figures and codes with expectations', async () => {
    const cwd = workspace();
    // The blocking samples last, so that no hold of theirs falls on a later request.
    const ordered = [...samples].sort((a, b) => Number(!!a.expect.held?.length) - Number(!!b.expect.held?.length));
    const text = ordered.map((s) => block(s, expectationsOf(s))).join('\n');
    fs.writeFileSync(path.join(cwd, 'replay.graphreq'), text);
    const run = await cli(['test', 'replay.graphreq', '--base-url', server.url, '--format', 'json', '--no-history'], cwd);
    assert.equal(run.code, 0, `${run.stdout.slice(0, 3000)}\n${run.stderr}`);
    const report = JSON.parse(run.stdout) as { tests?: Array<{ status: string }> } | Array<{ status: string }>;
    const tests = Array.isArray(report) ? report : report.tests ?? [];
    assert.equal(tests.length, samples.length, run.stdout.slice(0, 500));
    assert.ok(tests.every((t) => t.status === 'passed' || t.status === 'pass'), run.stdout.slice(0, 2000));
  });

  it('the language server sends them and decodes them alike, and holds only the blocked account', async () => {
    const dir = workspace();
    const file = path.join(dir, 'replay.graphreq');
    const picked = ['russian-error-data-text', 'several-businesses', 'one-account-blocked'].map((id) => byId.get(id)!);
    const text = [...picked.map((s) => block(s)), probe('GET /v23.0/act_1111/adsets'), probe('GET /v23.0/act_66782684/adsets')].join('\n');
    fs.writeFileSync(file, text);
    const uri = pathToFileURL(file).href;
    const client = new LspClient();
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.open(uri, text);
      const send = (index: number): Promise<SendCommandResult> => client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index, baseUrl: server.url, token: TOKEN }] });
      for (let i = 0; i < picked.length; i++) assertDecoded(picked[i], (await send(i)).results[0]);
      assert.equal((await send(picked.length)).results[0].status, 200, 'another ad account is not held');
      assert.equal((await send(picked.length + 1)).results[0].failure?.kind, 'rate-limited', 'the blocked account is held');
    } finally {
      await client.shutdown();
    }
  });
});

/** `# @expect` lines for what graphreq test can check of a sample: codes, status and figures. */
function expectationsOf(s: ReplaySample): string[] {
  const e = s.expect;
  const out = [`# @expect status == ${s.status}`];
  if (typeof e.code === 'number') out.push(`# @expect error.code == ${e.code}`);
  if (typeof e.subcode === 'number') out.push(`# @expect error.subcode == ${e.subcode}`);
  if (typeof e.highestPercent === 'number') out.push(`# @expect usage.max == ${e.highestPercent}`);
  for (const b of e.buc ?? []) if (b.call_count !== null) out.push(`# @expect usage.buc.${b.type}.call_count == ${b.call_count}`);
  if (e.adAccount?.acc_id_util_pct != null) out.push(`# @expect usage.ad_account.acc_id_util_pct == ${e.adAccount.acc_id_util_pct}`);
  if (e.app?.total_time != null) out.push(`# @expect usage.app.total_time == ${e.app.total_time}`);
  return out;
}
