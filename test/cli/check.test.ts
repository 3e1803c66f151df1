/**
 * `graphreq check` as a user runs it: `node bin/graphreq.js check` in a subprocess, on files written
 * to a temporary folder. Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error.
 * Text output is `file:line:col: severity CODE message` with 1-based positions; JSON output has
 * LSP-style 0-based ranges.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repoRoot, 'bin', 'graphreq.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function check(args: string[], cwd: string): Run {
  const r = spawnSync(process.execPath, [bin, 'check', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GRAPHREQ_ENV: '' }, timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const VALID = `@version = v23.0

### Read an ad set
GET /{{version}}/120200000000000002?fields=id,name,effective_status&date_format=U

### Refresh a URL
POST /{{version}}/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true
`;

/** One error (ADSET-TARGET-COST, line 6) and one warning (ADSET-READ-FIELDS, line 10). */
const BROKEN = `### Create
POST /v23.0/act_1234567890/adsets

{
  "name": "Spring sale", "campaign_id": "120200000000000001", "daily_budget": 2000,
  "bid_strategy": "TARGET_COST", "bid_amount": 500
}

###
GET /v23.0/120200000000000002?fields=id,nmae
`;

describe('graphreq check (CLI)', () => {
  let dir: string;

  before(() => {
    assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')), 'dist/cli.js is missing: run `npm run build` (npm test builds it first)');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-check-'));
  });

  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function write(name: string, text: string | Buffer): string {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  }

  it('exits 0 and prints only the summary for a valid file', () => {
    write('valid/ok.graphreq', VALID);
    const r = check(['valid/ok.graphreq'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, '1 file checked: 0 errors, 0 warnings\n');
  });

  it('exits 0 on the examples of the repository', () => {
    const r = check(['examples'], repoRoot);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
  });

  it('exits 1 on errors and prints file:line:col (1-based), severity, code and message', () => {
    write('broken.graphreq', BROKEN);
    const r = check(['broken.graphreq'], dir);
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, r.stdout);
    assert.match(lines[0], /^broken\.graphreq:6:19: error ADSET-TARGET-COST TARGET_COST is deprecated/);
    assert.match(lines[1], /^broken\.graphreq:10:41: warning ADSET-READ-FIELDS `nmae` is not a documented field/);
    assert.equal(r.stderr, '1 file checked: 1 error, 1 warning\n');
  });

  it('exits 0 when there are only warnings', () => {
    write('warn.graphreq', 'GET /v23.0/120200000000000002?fields=id,nmae\n');
    const r = check(['warn.graphreq'], dir);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^warn\.graphreq:1:41: warning ADSET-READ-FIELDS /);
  });

  it('prints JSON with 0-based LSP ranges', () => {
    write('broken.graphreq', BROKEN);
    const r = check(['--format', 'json', 'broken.graphreq'], dir);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as Array<{ file: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; severity: string; code: string; message: string; detail?: string }>;
    assert.deepEqual(
      out.map((f) => [f.file, f.code, f.severity, f.range]),
      [
        ['broken.graphreq', 'ADSET-TARGET-COST', 'error', { start: { line: 5, character: 18 }, end: { line: 5, character: 31 } }],
        ['broken.graphreq', 'ADSET-READ-FIELDS', 'warning', { start: { line: 9, character: 40 }, end: { line: 9, character: 44 } }],
      ],
    );
    // The short message, and its long form (the document reference, the other strategies) beside it.
    assert.match(out[0].message, /^TARGET_COST is deprecated/);
    assert.match(out[0].detail!, /\[2\]/);
    assert.match(out[0].detail!, /COST_CAP is suggested/);
    assert.equal(r.stderr, '');
  });

  it('--fix applies the safe fixes, writes the file and reports what is left', () => {
    const file = write(
      'fix.graphreq',
      `### TARGET_COST
POST /v23.0/act_1234567890/adsets

{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "bid_strategy": "TARGET_COST", "bid_amount": 500, "status": "paused" }

### lifetime
GET /v23.0/120200000000000002?date_preset=lifetime&access_token=EAAB1234567890abcdef

### scrape
POST /v23.0/?scrape=true&id=https://example.com/p?x=1&y=2

### version
GET /v23/t_100200300?fields=messages.source(ADMINS),nmae
`,
    );
    const r = check(['--fix', 'fix.graphreq'], dir);
    assert.equal(
      fs.readFileSync(file, 'utf8'),
      `### TARGET_COST
POST /v23.0/act_1234567890/adsets

{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "bid_strategy": "COST_CAP", "bid_amount": 500, "status": "PAUSED" }

### lifetime
GET /v23.0/120200000000000002?date_preset=maximum

### scrape
POST /v23.0/?scrape=true&id=https%3A%2F%2Fexample.com%2Fp%3Fx%3D1%26y%3D2

### version
GET /v23.0/t_100200300?fields=messages.source(PARTICIPANTS),nmae
`,
    );
    // What needs a person stays: a field name graphreq cannot be sure of (a hint on the thread node).
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /fix\.graphreq:13:61: hint THREAD-FIELDS /);
    assert.doesNotMatch(r.stdout, /error/);
  });

  it('--fix applies rounds until nothing is left to fix: a fix that makes another possible needs no second run', () => {
    // Adding `scrape=true` (URL-NO-CREATE-DELETE) makes the raw `?` in `id` a URL-ID-ENCODED finding, fixed in round two.
    const file = write('rounds.graphreq', 'POST /v23.0/?id=https://example.com/p?x=1\n');
    const r = check(['--fix', 'rounds.graphreq'], dir);
    assert.equal(fs.readFileSync(file, 'utf8'), 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fp%3Fx%3D1&scrape=true\n');
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(
      r.stdout,
      'rounds.graphreq:1: fixed URL-NO-CREATE-DELETE (nothing) -> &scrape=true\nrounds.graphreq:1: fixed URL-ID-ENCODED https://example.com/p?x=1 -> https%3A%2F%2Fexample.com%2Fp%3Fx%3D1\n',
    );
    assert.equal(r.stderr, '1 file checked: 0 errors, 0 warnings; 2 fixes applied\n');
    // A second run has nothing to do.
    const again = check(['--fix', 'rounds.graphreq'], dir);
    assert.equal(again.stdout, '');
    assert.equal(again.stderr, '1 file checked: 0 errors, 0 warnings\n');
  });

  it('--fix reports every fix at its line in the fixed file, past the lines a fix removed above it and the rounds after', () => {
    // Round one removes the Authorization header (line 3), adds `scrape=true` and fixes the thread
    // read; round two encodes the URL. Every line printed is a line of the file as written.
    const file = write(
      'lines.graphreq',
      '### One\nGET /v23.0/me?fields=id\nAuthorization: Bearer EAAB1234567890abcdefgh\n\n### Two\nPOST /v23.0/?id=https://example.com/p?x=1\n\n### Three\nGET /v23/t_100200300?fields=messages.source(ADMINS)\n',
    );
    const r = check(['--fix', 'lines.graphreq'], dir);
    const fixed = fs.readFileSync(file, 'utf8').split('\n');
    assert.equal(fixed[4], 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fp%3Fx%3D1&scrape=true');
    assert.equal(fixed[7], 'GET /v23.0/t_100200300?fields=messages.source(PARTICIPANTS)');
    assert.equal(
      r.stdout.split('\n').filter((l) => l.includes(' fixed ')).join('\n'),
      [
        'lines.graphreq:3: fixed REQ-TOKEN-IN-FILE "Authorization: Bearer [REDACTED]\\n" -> (nothing)',
        'lines.graphreq:5: fixed URL-NO-CREATE-DELETE (nothing) -> &scrape=true',
        'lines.graphreq:8: fixed REQ-VERSION-FORMAT v23 -> v23.0',
        'lines.graphreq:8: fixed THREAD-SOURCE-VALUE ADMINS -> PARTICIPANTS',
        'lines.graphreq:5: fixed URL-ID-ENCODED https://example.com/p?x=1 -> https%3A%2F%2Fexample.com%2Fp%3Fx%3D1',
      ].join('\n'),
    );
  });

  it('an expectation with an operator written without its spaces is reported where the space is missing', () => {
    write('glued.graphreq', 'GET /v23.0/t_100200300?fields=messages\n# @expect status==200\n# @expect body.messages.data contains{"id": "m_1"}\n# @expect body.messages.data.length >= 1\n');
    const r = check(['glued.graphreq'], dir);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, 'glued.graphreq:2:17: error SYNTAX-EXPECT Leave a space before and after `==`.\nglued.graphreq:3:30: error SYNTAX-EXPECT Leave a space after `contains`.\n');
  });

  it('--fix leaves a file with nothing safe to fix untouched', () => {
    const file = write('nofix.graphreq', 'GET /v23.0/120200000000000002?fields=id,nmae\n');
    const before = fs.statSync(file).mtimeMs;
    const r = check(['--fix', 'nofix.graphreq'], dir);
    assert.equal(r.code, 0);
    assert.equal(fs.readFileSync(file, 'utf8'), 'GET /v23.0/120200000000000002?fields=id,nmae\n');
    assert.equal(fs.statSync(file).mtimeMs, before);
  });

  it('checks a folder recursively', () => {
    write('tree/a.graphreq', VALID);
    write('tree/sub/b.graphreq', 'GET /v23.0/120200000000000002?fields=nmae\n');
    write('tree/sub/notes.txt', 'not a request file');
    const r = check(['tree'], dir);
    assert.equal(r.code, 0);
    assert.equal(r.stdout.trimEnd().split('\n').length, 1);
    assert.match(r.stdout, /^tree[\\/]sub[\\/]b\.graphreq:1:/);
    assert.equal(r.stderr, '2 files checked: 0 errors, 1 warning\n');
  });

  it('reads account defaults from graphreq.env.json', () => {
    write('env/graphreq.env.json', JSON.stringify({ $shared: { default_dsa_payor: 'Acme SA', default_dsa_beneficiary: 'Acme SA' } }));
    write('env/eu.graphreq', 'POST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "targeting": { "geo_locations": { "countries": ["FR"] } } }\n');
    assert.equal(check(['env/eu.graphreq'], dir).code, 0);
    write('noenv/eu.graphreq', 'POST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "targeting": { "geo_locations": { "countries": ["FR"] } } }\n');
    const r = check(['noenv/eu.graphreq'], dir);
    assert.equal(r.code, 1);
    assert.equal((r.stdout.match(/ADSET-DSA-REQUIRED/g) ?? []).length, 2);
  });

  it('reports on a file of random characters without crashing, and refuses random bytes in one line', () => {
    let seed = 11;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    // Random text: code points of every plane (no surrogate halves), control characters included.
    let chars = '';
    for (let i = 0; i < 2048; i++) {
      const cp = next() % 0x110000;
      chars += cp >= 0xd800 && cp <= 0xdfff ? '\n' : String.fromCodePoint(i % 3 === 0 ? cp % 0x80 : cp);
    }
    write('random.graphreq', Buffer.from(chars, 'utf8'));
    const r = check(['random.graphreq', '--format', 'json'], dir);
    assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.stderr}`);
    const found = JSON.parse(r.stdout) as unknown[];
    assert.ok(found.length > 0, 'random text gets diagnostics');
    assert.equal(r.stderr, '');
    const text = check(['random.graphreq'], dir);
    assert.ok(text.code === 0 || text.code === 1, `exit ${text.code}: ${text.stderr}`);
    assert.match(text.stderr, /^1 file checked: \d+ errors?, \d+ warnings?\n$/);
    // Random bytes are not UTF-8: one line that says where, exit 2 (test/cli/encoding.test.ts).
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
    write('random-bytes.graphreq', bytes);
    const raw = check(['random-bytes.graphreq'], dir);
    assert.equal(raw.code, 2, raw.stderr);
    assert.match(raw.stderr, /^graphreq check: random-bytes\.graphreq: not UTF-8 text \(byte 0x[0-9A-F]{2} at line \d+, column \d+\): save it as UTF-8; skipped\n0 files checked/);
  });

  it('gives a one-line error and exit 2 for a missing file', () => {
    const r = check(['no-such-file.graphreq'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'graphreq check: no-such-file.graphreq: no such file or folder\n');
  });

  it('gives a one-line error and exit 2 for a bad option value', () => {
    const r = check(['--format', 'xml', 'valid'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^graphreq check: --format must be text or json/);
  });

  it('gives a one-line error and exit 2 for an unknown option', () => {
    const r = check(['--frmat', 'json', 'valid'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
  });
});
