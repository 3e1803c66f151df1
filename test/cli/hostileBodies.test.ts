/**
 * Reads are bounded and confined (issue 20, items 3 and 4), from the user's path: a request file of
 * a repository names `< /proc/self/environ` (which sent the whole environment), a link to
 * /proc/self/pagemap (which took `check` to 5-6 GB and the language server to 9.3 GB), and puts
 * `{{$processEnv NAME}}` of a secret in a body and the URL. `check` reports each at once, `send`
 * refuses each in one sentence, and the language server over stdio publishes the same diagnostics.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient } from '../lsp/lspClient';
import { runCli, tempWorkspace } from './cliHelpers';

const SECRET = 'canary-secret-7f3a9c1e55';
const dir = tempWorkspace('graphreq-hostile-bodies-');
after(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.symlinkSync('/proc/self/pagemap', path.join(dir, 'pagemap.json'));
const TEXT = [
  '### environ',
  'POST /v23.0/120200000000000002/copies',
  '',
  '< /proc/self/environ',
  '',
  '### pagemap',
  'POST /v23.0/120200000000000002/copies',
  '',
  '< ./pagemap.json',
  '',
  '### a secret of the shell',
  'POST /v23.0/120200000000000002/copies',
  '',
  'status_option={{$processEnv CANARY_SECRET}}',
  '',
  '### an allowed one in the URL',
  'GET /v23.0/120200000000000002?fields=id&date_format={{$processEnv GRAPHREQ_VAR_FORMAT}}',
  '',
].join('\n');
fs.writeFileSync(path.join(dir, 'hostile.graphreq'), TEXT);
const env = { CANARY_SECRET: SECRET, GRAPHREQ_VAR_FORMAT: SECRET };

const BODY_OUTSIDE = /is outside the workspace \(.*\): a body file must be inside it/;

describe('a repository\'s request file reads nothing outside the workspace and no variable it was not allowed', () => {
  it('check reports each, at once', async () => {
    const started = Date.now();
    const r = await runCli(['check', 'hostile.graphreq', '--format', 'json'], dir, env);
    const took = Date.now() - started;
    const findings = JSON.parse(r.stdout) as Array<{ code: string; message: string; range: { start: { line: number } } }>;
    const at = (line: number): string[] => findings.filter((f) => f.range.start.line === line - 1).map((f) => f.code);
    assert.deepEqual(at(4), ['REQ-BODY-FILE']);
    assert.deepEqual(at(9), ['REQ-BODY-FILE']);
    assert.deepEqual(at(14), ['REQ-BUILTIN-VARIABLE']);
    assert.deepEqual(at(17), ['REQ-ENV-IN-URL']);
    assert.match(findings.find((f) => f.range.start.line === 3)!.message, /\/proc\/self\/environ` .*is outside the workspace|environ is outside the workspace/);
    assert.ok(took < 15_000, `check took ${took} ms`);
    assert.ok(!r.stdout.includes(SECRET) && !r.stdout.includes('PATH='), 'no value of the environment in the output');
  });

  it('send refuses each in one sentence and sends none of them', async () => {
    const r = await runCli(['send', 'hostile.graphreq', '--all', '--format', 'jsonl'], dir, env);
    const results = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type?: string; status?: number | null; failure?: { message: string } | null });
    const failures = results.filter((x) => x.failure).map((x) => x.failure!.message);
    assert.equal(failures.length, 4, r.stdout + r.stderr);
    assert.match(failures[0], BODY_OUTSIDE);
    assert.match(failures[1], BODY_OUTSIDE);
    assert.match(failures[2], /`\$processEnv` may not read CANARY_SECRET/);
    assert.match(failures[3], /puts an environment value in the URL.*\(REQ-ENV-IN-URL\)/);
    assert.ok(results.every((x) => !x.status), 'nothing was sent');
    assert.ok(!(r.stdout + r.stderr).includes(SECRET));
  });

  it('the language server publishes the same diagnostics at once', async () => {
    const client = new LspClient(undefined, env);
    try {
      await client.initialize(pathToFileURL(dir).href);
      const uri = pathToFileURL(path.join(dir, 'hostile.graphreq')).href;
      const started = Date.now();
      const published: PublishDiagnosticsParams = await client.open(uri, TEXT);
      const codes = published.diagnostics.map((d) => `${d.code}@${d.range.start.line + 1}`).sort();
      assert.deepEqual(codes, ['REQ-BODY-FILE@4', 'REQ-BODY-FILE@9', 'REQ-BUILTIN-VARIABLE@14', 'REQ-ENV-IN-URL@17']);
      assert.ok(Date.now() - started < 10_000);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});
