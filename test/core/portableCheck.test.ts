/**
 * A request checked elsewhere (core/features/portableCheck.ts, the language server's worker thread)
 * gives what `validateBlock` gives here: every finding in the same order, its fixes when read, the
 * URL reads of URL-READ-RATE. The job and its result cross a structured clone, as between threads.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { blockJob, blockResultOf, buildFileContext, checkJob, emptyContext, fixesJob, hoverJob, JobChecker, parseDocument, validateBlock, type BlockResult, type Environment, type FileContext, type GraphreqDocument } from '../../server/src/core';
import { getHover } from '../../server/src/core/features/hover';
import { model, workspaceOf } from '../helpers';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');

/** A result as plain data, fixes computed and URL reads located: what a reader of it can see. */
function seen(r: BlockResult): unknown {
  return { findings: r.findings.map((f) => JSON.parse(JSON.stringify(f))), urlReads: r.urlReads?.map((u) => ({ url: u.url, expected: u.expected, finding: JSON.parse(JSON.stringify(u.finding() ?? null)) })) };
}

/** Each block checked across a clone against the same block checked here. */
function compare(doc: GraphreqDocument, ctx: FileContext): number {
  let findings = 0;
  for (const block of doc.blocks) {
    const here = validateBlock(block, ctx, model);
    const result = structuredClone(checkJob(structuredClone(blockJob(block, ctx)), model));
    assert.ok(result.ok, `block ${block.index}: ${result.ok ? '' : result.message}`);
    const there = blockResultOf(result, block, ctx, model);
    assert.deepEqual(seen(there), seen(here), `block ${block.index}`);
    findings += here.findings.length;
  }
  return findings;
}

describe('a request checked elsewhere', () => {
  it('gives the findings of the findings file, fixes included', () => {
    const doc = parseDocument(fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8'));
    const n = compare(doc, buildFileContext(doc, { variables: {} }));
    assert.ok(n > 400, `${n} findings compared`);
  });

  it('answers a hover inside a request and the fixes of its findings as here (JobChecker, across a clone)', () => {
    const doc = parseDocument(fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8'));
    const ctx = buildFileContext(doc, { variables: {} });
    const jobs = new JobChecker(model);
    let hovers = 0;
    let fixed = 0;
    for (const block of doc.blocks.slice(0, 120)) {
      const here = validateBlock(block, ctx, model);
      // The request line, and the start of each of its first findings.
      for (const offset of [1, ...here.findings.slice(0, 4).map((f) => f.span.start)]) {
        const there = structuredClone(jobs.hover(structuredClone(hoverJob(block, ctx, offset, here.findings))));
        assert.deepEqual(there, { ok: true, hover: getHover(block, offset, { model, file: ctx, findings: here.findings }) }, `block ${block.index} at ${offset}`);
        if (there.ok && there.hover) hovers++;
      }
      const indices = here.findings.map((_, i) => i).filter((i) => i % 2 === 0);
      const fixes = structuredClone(jobs.fixes(structuredClone(fixesJob(block, ctx, indices))));
      assert.ok(fixes.ok);
      assert.equal(JSON.stringify(fixes.fixes), JSON.stringify(indices.map((i) => here.findings[i].fixes)), `block ${block.index}`);
      fixed += indices.filter((i) => here.findings[i].fixes?.length).length;
    }
    assert.ok(hovers > 200 && fixed > 30, `${hovers} hovers, ${fixed} findings with fixes compared`);
  });

  it('reads the file context as here: variables, request names, the workspace, the account context, process variables, URL reads', () => {
    const text = [
      '@account = 42',
      '@unused = x',
      '### create',
      '# @name create',
      'POST /v23.0/act_{{account}}/adsets',
      '',
      '{ "name": "{{missing}}", "campaign_id": "555", "billing_event": "IMPRESION", "optimization_goal": "REACH", "daily_budget": 500, "status": "PAUSED", "targeting": { "geo_locations": { "countries": ["FR"] } }, "constructor": 1, "__proto__": 2 }',
      '',
      '### a campaign named as a property of every object',
      'POST /v23.0/act_42/adsets',
      '',
      '{ "name": "x", "campaign_id": "toString", "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "status": "PAUSED", "targeting": { "geo_locations": { "countries": ["FR"] } } }',
      '',
      '### read',
      'GET /v23.0/{{create.response.body.id}}?fields=id,nme,{{other.response.body.x}}',
      '',
      '### twice',
      '# @name create',
      'GET /v23.0/{{$processEnv GRAPHREQ_VAR_ID}}?fields=id',
      '',
      ...Array.from({ length: 12 }, (_, i) => `### url ${i}\n# @name other\nGET /v23.0/?id=https://example.com/page&fields=engagement\n`),
    ].join('\n');
    const doc = parseDocument(text);
    const context = emptyContext({ kind: 'emulator' });
    context.key = 'test';
    context.campaigns['555'] = { account: '42', objective: { value: 'OUTCOME_AWARENESS', source: { kind: 'emulator', of: 'state' }, at: 0 } };
    context.campaigns['constructor'] = { account: '42' };
    const env: Environment = { variables: { token: 'x' }, today: '2026-11-27', context, processEnv: { GRAPHREQ_VAR_ID: '7' }, readFile: () => ({ ok: false, reason: 'none here' }) };
    const ctx = buildFileContext(doc, env, workspaceOf(doc, { 'b.graphreq': '### b\n# @name create\nGET /v23.0/me\n' }));
    const n = compare(doc, ctx);
    assert.ok(n > 10, `${n} findings compared`);
  });

  it('says so when the block asks the workspace what was not asked ahead, instead of answering otherwise', () => {
    const doc = parseDocument('### a\nGET /v23.0/{{nobody}}?fields=id\n');
    const job = blockJob(doc.blocks[0], buildFileContext(doc, { variables: {} }, workspaceOf(doc, {})));
    // The names the block uses were asked ahead: dropping them leaves the question unanswered.
    const carried = job.context as { $object: Array<[string, unknown]> };
    const workspace = carried.$object.find(([k]) => k === 'workspace')![1] as { $object: Array<[string, unknown]> };
    workspace.$object = workspace.$object.map(([k, v]) => [k, k === 'producers' ? new Map() : v]);
    const result = checkJob(job, model);
    assert.equal(result.ok, false);
  });
});
