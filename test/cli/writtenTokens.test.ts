/**
 * A token written in a request file's URL (`?access_token=EAAB...`, REQ-TOKEN-IN-FILE: never sent,
 * redacted like the real one) must not come back in what graphreq prints or writes about that
 * request: the request's label (its written line) is shown in progress lines, summaries, the JSON
 * reporter, the JUnit report (a file CI keeps), and the editor's Testing view (`graphreq/tests`).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../lsp/lspClient';
import { runCli, workspaceOf } from './cliHelpers';

const WRITTEN = 'EAABwrittenCANARY7c41d9e0';
const TEXT = `GET /v23.0/me?access_token=${WRITTEN}&fields=id\n# @expect status 200\n\n###\nGET /v23.0/me?fields=id\n# @expect status 200\n`;
const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Every file under `dir` but the request file itself, with its text. */
function writtenFiles(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name);
    if (e.isFile() && p !== path.join(dir, 'req.graphreq')) out.push([path.relative(dir, p), fs.readFileSync(p, 'utf8')]);
  }
  return out;
}

describe('a token written in a request line stays out of labels', () => {
  it('graphreq test (text, json, junit --out) and graphreq send --all: nowhere in the output or the files written', async () => {
    const dir = workspaceOf('graphreq-written-', { 'req.graphreq': TEXT }, dirs);
    const runs = [
      await runCli(['test', 'req.graphreq'], dir),
      await runCli(['test', 'req.graphreq', '--reporter', 'json'], dir),
      await runCli(['test', 'req.graphreq', '--reporter', 'junit', '--out', 'report.xml'], dir),
      await runCli(['send', 'req.graphreq', '--all', '--out', 'sent'], dir),
    ];
    for (const r of runs) {
      assert.equal(r.signal, null);
      assert.doesNotMatch(r.stdout + r.stderr, new RegExp(WRITTEN), r.stdout + r.stderr);
    }
    // The label is there, masked: the run did name that request.
    assert.match(runs[0].stdout + runs[0].stderr, /GET \/v23\.0\/me\?access_token=\[REDACTED\]/);
    const files = writtenFiles(dir);
    assert.ok(files.some(([f]) => f === 'report.xml'), files.map(([f]) => f).join(', '));
    for (const [f, text] of files) assert.doesNotMatch(text, new RegExp(WRITTEN), f);
  });

  it("the language server's graphreq/tests: labels masked", async () => {
    const dir = workspaceOf('graphreq-written-lsp-', { 'req.graphreq': TEXT }, dirs);
    const uri = pathToFileURL(path.join(dir, 'req.graphreq')).href;
    const client = new LspClient();
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.open(uri, TEXT);
      const tests = await client.request<Array<{ label: string }>>('graphreq/tests', { uri });
      assert.equal(tests.length, 2);
      assert.equal(tests[0].label, 'GET /v23.0/me?access_token=[REDACTED]&fields=id');
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});
