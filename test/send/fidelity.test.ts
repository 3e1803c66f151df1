/**
 * `graphreq send` as a subprocess against the embedded emulator (issue 12): a refresh whose URL is
 * not encoded is not sent (URL-ID-ENCODED, as the editor and the service refuse it); a JSON null goes
 * out so that the service reads null; integers past 2^53 reach the service and come back digit for
 * digit.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';

const repo = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repo, 'bin', 'graphreq.js');
const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-send-fidelity-'));
after(() => fs.rmSync(cwd, { recursive: true, force: true }));

interface Result {
  status: number | null;
  body: unknown;
  failure: { kind: string; message: string } | null;
}

/** Sends every request of `text` in order; exit code and the results of `--format json`. */
function send(text: string): { code: number | null; results: Result[]; stderr: string } {
  const file = path.join(cwd, `f${fs.readdirSync(cwd).length}.graphreq`);
  fs.writeFileSync(file, text);
  const r = spawnSync(process.execPath, [bin, 'send', file, '--all', '--format', 'json'], { cwd, encoding: 'utf8', env: { ...process.env, GRAPHREQ_ACCESS_TOKEN: '' } });
  return { code: r.status, results: r.stdout ? (JSON.parse(r.stdout) as Result[]) : [], stderr: r.stderr };
}

describe('graphreq send keeps what the file says', () => {
  it('does not send a refresh whose URL is not encoded, and says why (URL-ID-ENCODED)', () => {
    for (const raw of ['https://example.com/u09?x=1&y=2', 'https://example.com/u09?x=1']) {
      const r = send(`POST /v23.0/?id=${raw}&scrape=true\n`);
      assert.notEqual(r.code, 0);
      assert.equal(r.results[0].status, null);
      assert.equal(r.results[0].failure?.kind, 'build');
      assert.match(r.results[0].failure?.message ?? '', /raw `[&?]`.*URL-ID-ENCODED/);
    }
    const encoded = send('POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fu09%3Fx%3D1%26y%3D2&scrape=true\n');
    assert.equal(encoded.code, 0, encoded.stderr);
    assert.deepEqual(encoded.results[0].body, { success: true });
  });

  it('sends a JSON null so that the service reads null, and integers past 2^53 exactly', () => {
    const r = send(`# @name create
POST /v23.0/act_1000000001/adsets

{ "name": "Big budget", "campaign_id": 120200000000000001, "daily_budget": 9007199254740993, "billing_event": "IMPRESSIONS",
  "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "regional_regulated_categories": null }

###
GET /v23.0/{{create.response.body.id}}?fields=daily_budget,regional_regulated_categories,campaign_id
`);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.results[0].status, 200, JSON.stringify(r.results[0]));
    assert.deepEqual(r.results[1].body, { daily_budget: '9007199254740993', regional_regulated_categories: null, campaign_id: '120200000000000001', id: (r.results[0].body as { id: string }).id });
  });

  it('reads an int64 past 2^53 nested in the answer without rounding it, as at the top level', () => {
    const r = send(`# @name create
POST /v23.0/act_1000000001/adsets

{ "name": "Long window", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS",
  "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } },
  "attribution_spec": [{ "event_type": "CLICK_THROUGH", "window_days": 9007199254740993 }] }

###
GET /v23.0/{{create.response.body.id}}?fields=attribution_spec
`);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.results[1].body, { attribution_spec: [{ event_type: 'CLICK_THROUGH', window_days: '9007199254740993' }], id: (r.results[0].body as { id: string }).id });
  });

  it('does not send a null the parameter does not take: a form field cannot carry it', () => {
    const r = send('POST /v23.0/act_1000000001/adsets\n\n{ "name": null, "campaign_id": "120200000000000001", "daily_budget": 2000 }\n');
    assert.notEqual(r.code, 0);
    assert.equal(r.results[0].failure?.kind, 'build');
    assert.match(r.results[0].failure?.message ?? '', /`name` is null/);
  });
});
