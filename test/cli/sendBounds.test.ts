/**
 * `graphreq send` against answers too large to keep: the byte cap (default, `--max-bytes`,
 * GRAPHREQ_MAX_RESPONSE_BYTES) cuts the body with a clear message, an endless answer ends the send
 * instead of the machine's memory, and history stays within its own byte cap.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { localServer } from '../send/sendHelpers';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repoRoot, 'bin', 'graphreq.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-send-bounds-'));
const file = path.join(dir, 'req.graphreq');
fs.writeFileSync(file, 'GET /v23.0/120200000000000002?fields=id\n');

function send(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GRAPHREQ_')) base[k] = v;
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, 'send', file, ...args], { cwd: dir, env: { ...base, GRAPHREQ_ACCESS_TOKEN: 'bounds-cli-token-1234', ...env }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('graphreq send: bounded answers', () => {
  let big: Awaited<ReturnType<typeof localServer>>;
  let endless: Awaited<ReturnType<typeof localServer>>;
  before(async () => {
    big = await localServer((_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: '1', data: 'x'.repeat(5000) }));
    });
    const chunk = Buffer.alloc(256 * 1024, 'a');
    endless = await localServer((_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
  });
  after(async () => {
    await big.close();
    await endless.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('cuts a body larger than --max-bytes with a clear message', async () => {
    const r = await send(['--base-url', big.url, '--max-bytes', '1000', '--no-history']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /the response body was cut after 1000 bytes \(the response byte cap; raise it with --max-bytes/);
    const viaEnv = await send(['--base-url', big.url, '--no-history'], { GRAPHREQ_MAX_RESPONSE_BYTES: '2000' });
    assert.match(viaEnv.stdout, /cut after 2000 bytes/);
    const whole = await send(['--base-url', big.url, '--no-history']);
    assert.doesNotMatch(whole.stdout, /cut after/);
  });

  it('ends an endless answer at the default cap (10 MiB) and keeps history within its bytes', async () => {
    const r = await send(['--base-url', endless.url], { GRAPHREQ_HISTORY_MAX_BYTES: String(4 * 1024 * 1024) });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /the response body was cut after 10485760 bytes/);
    assert.match(r.stdout, /^HTTP 200 OK · \d+ ms · 10\.0 MB$/m, 'a size in megabytes reads as such');
    const saved = fs.readdirSync(path.join(dir, '.graphreq-history')).filter((n) => /^\d{8}T/.test(n));
    assert.equal(saved.length, 1);
    const entry = JSON.parse(fs.readFileSync(path.join(dir, '.graphreq-history', saved[0]), 'utf8'));
    assert.match(entry.result.body, /^\(the body, 10485760 bytes, is not kept: the history keeps at most 4194304 bytes\)$/);
  });

  it('refuses a --max-bytes that is not a whole number, in one line', async () => {
    const r = await send(['--base-url', big.url, '--max-bytes', '10MB']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'graphreq send: --max-bytes takes a whole number from 1, not "10MB"\n');
  });
});
