/**
 * `graphreq send --dry-run` as a user runs it (a subprocess): the forecast of the run, nothing sent,
 * the limit inputs from graphreq.env.json, and the reads already made (kept by a real send to the
 * embedded emulator) counted against the URL node's limit.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';

const bin = path.join(__dirname, '..', '..', '..', 'bin', 'graphreq.js');

function send(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: Record<string, string> = { NO_COLOR: '1' };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GRAPHREQ_') && k !== 'FORCE_COLOR' && k !== 'NO_COLOR') env[k] = v;
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, 'send', ...args], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const reads = (n: number, url: string): string => Array.from({ length: n }, (_, i) => `### Read ${i + 1}\nGET /v23.0/?id=${url}&fields=engagement\n`).join('\n');

describe('graphreq send --dry-run (CLI)', () => {
  const dirs: string[] = [];
  const dir = (): string => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-dryrun-'));
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('prints the forecast with the limits of graphreq.env.json, and sends nothing', async () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'graphreq.env.json'), JSON.stringify({ $shared: {}, prod: { baseUrl: 'https://graph.example.com', limits: { dailyActiveUsers: 3 } } }));
    fs.writeFileSync(path.join(d, 'reads.graphreq'), reads(11, 'https://example.com/a'));
    const r = await send(['reads.graphreq', '--all', '--dry-run', '--env', 'prod'], d);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      'dry run: 11 requests, 11 calls; nothing is sent\n' +
        '  app: 11 calls, 1.8% of 600 calls per hour (200 × 3 daily active users)\n' +
        '  URL https://example.com/a: 11 calls, 110% of 10 calls per hour (10 reads per URL, per app): crosses the limit\n',
    );
    assert.match(r.stderr, /^warning: URL https:\/\/example\.com\/a: 11 calls cross the limit of 10 reads per URL per hour \(URL-READ-RATE\): spread the reads out\.$/m);
    assert.match(r.stderr, /limits from graphreq\.env\.json/);
    assert.deepEqual(fs.readdirSync(d).sort(), ['graphreq.env.json', 'reads.graphreq'], 'nothing sent: no history, no session');
  });

  it('counts the reads a real send made within the hour against the URL node\'s limit', async () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'two.graphreq'), reads(2, 'https://example.com/b'));
    fs.writeFileSync(path.join(d, 'nine.graphreq'), reads(9, 'https://example.com/b'));
    const sent = await send(['two.graphreq', '--all'], d);
    assert.equal(sent.code, 0, sent.stderr);
    const r = await send(['nine.graphreq', '--all', '--dry-run'], d);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^ {2}URL https:\/\/example\.com\/b: 9 calls, 90% of 10 calls per hour \(10 reads per URL, per app\); 20% used when last seen → 110%: crosses the limit$/m);
    assert.match(r.stderr, /warning: URL https:\/\/example\.com\/b: 9 calls after 20% already used cross the limit/);
    assert.match(r.stderr, /limits from the embedded emulator's configuration; usage as last seen in \.graphreq-history\//);
  });

  it('forecasts --with-deps as the run would go: the producers first', async () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'deps.graphreq'), `# @name create\nPOST /v23.0/act_7/adsets\n\n{ "name": "a" }\n\n###\n# @name read\nGET /v23.0/{{create.response.body.id}}?fields=id\n`);
    const r = await send(['deps.graphreq', '--name', 'read', '--with-deps', '--dry-run'], d);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^dry run: 2 requests, 2 calls; nothing is sent$/m);
    assert.match(r.stdout, /ads management, ad account act_7: 1 call/);
  });
});
