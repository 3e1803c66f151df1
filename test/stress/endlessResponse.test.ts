/**
 * An answer that does not end (issue 15: the CLI reached 2.7 GB in 5 s, the language server 2.3 GB):
 * the response byte cap ends the read at 10 MiB, closes the connection, and says so; memory stays
 * bounded. The service here sends up to 1 GiB and counts what it could write before the client
 * hung up, so the suite stays bounded even when the client is not.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from '../lsp/lspClient';
import { stressOnly } from './stressGate';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repoRoot, 'bin', 'graphreq.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-endless-'));
const file = path.join(dir, 'read.graphreq');
const TEXT = 'GET /v23.0/120200000000000002?fields=id\n';
fs.writeFileSync(file, TEXT);
// Prints the process's peak memory when it exits, for the parent to read.
const preload = path.join(dir, 'peak.js');
fs.writeFileSync(preload, "process.on('exit', () => require('fs').writeSync(2, `\\npeak-rss-kb=${process.resourceUsage().maxRSS}\\n`));\n");

const LIMIT = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

describe('an endless answer', stressOnly, () => {
  let server: http.Server;
  let url = '';
  const written: number[] = [];
  before(async () => {
    const chunk = Buffer.alloc(MB, 'a');
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      let sent = 0;
      const record = (): void => void written.push(sent);
      res.once('close', record);
      const pump = (): void => {
        while (!res.destroyed && sent < LIMIT) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ends the CLI at the byte cap with a clear message, in bounded memory', { timeout: 300_000 }, async (t) => {
    const base: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GRAPHREQ_')) base[k] = v;
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ['-r', preload, bin, 'send', file, '--base-url', url, '--no-history', '--timeout', '120000', '--format', 'json'], { cwd: dir, env: { ...base, GRAPHREQ_ACCESS_TOKEN: 'endless-token-123' }, maxBuffer: 256 * MB }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      });
    });
    assert.equal(r.code, 0, r.stderr.slice(0, 2000));
    const result = JSON.parse(r.stdout)[0];
    assert.equal(result.size, 10 * MB);
    assert.ok(result.warnings.some((w: string) => w.startsWith('the response body was cut after 10485760 bytes')));
    const peak = Number(/peak-rss-kb=(\d+)/.exec(r.stderr)?.[1]) * 1024;
    t.diagnostic(`CLI peak RSS ${(peak / MB).toFixed(0)} MB; the service wrote ${(written.at(-1)! / MB).toFixed(0)} MB before the client hung up`);
    assert.ok(peak > 0 && peak < 400 * MB, `the CLI peaked at ${(peak / MB).toFixed(0)} MB`);
    assert.ok(written.at(-1)! < 100 * MB, `the client kept reading: ${(written.at(-1)! / MB).toFixed(0)} MB written`);
  });

  it('ends the language server\'s read at the byte cap, in bounded memory', { timeout: 300_000, skip: !fs.existsSync('/proc/self/status') }, async (t) => {
    const client = new LspClient();
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.open(pathToFileURL(file).href, TEXT);
      const r = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri: pathToFileURL(file).href, index: 0, baseUrl: url, token: 'endless-token-123', timeoutMs: 120_000 }] });
      assert.equal(r.results[0].size, 10 * MB);
      assert.ok(r.results[0].warnings.some((w) => w.startsWith('the response body was cut after 10485760 bytes')));
      const pid = (client as unknown as { child: { pid: number } }).child.pid;
      const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      t.diagnostic(`language server peak RSS ${(peakKb / 1024).toFixed(0)} MB`);
      assert.ok(peakKb > 0 && peakKb * 1024 < 400 * MB, `the language server peaked at ${(peakKb / 1024).toFixed(0)} MB`);
      assert.ok(written.at(-1)! < 100 * MB, `the server kept reading: ${(written.at(-1)! / MB).toFixed(0)} MB written`);
    } finally {
      await client.shutdown();
    }
  });
});
