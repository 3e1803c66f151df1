/**
 * `graphreq check` and `graphreq send` know the names of the whole workspace (issue 22): a reader
 * of a request named in another file is not an unknown variable, even when only the reader is
 * checked; a name two files give is reported at each place and in its readers, and send refuses to
 * read it. The CLI as a subprocess, in a workspace on disk.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { CliWorkspace } from '../../server/src/cli/workspaceRequests';
import { getApiModel, parseDocument, validateDocument } from '../../server/src/core';
import { runCli, workspaceOf } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const CREATE = '# @name springSale\nPOST /v23.0/120200000000000002/copies\n';
const READ = 'GET /v23.0/{{springSale.response.body.copied_adset_id}}?fields=id\n\n###\nGET /v23.0/{{nope.response.body.id}}?fields=id\n';

const workspace = (files: Record<string, string>): string => workspaceOf('graphreq-names-', files, dirs);

describe('names across the files of a workspace (CLI)', () => {
  it('check of one file knows the requests named in the other files', async () => {
    const dir = workspace({ 'create/adsets.graphreq': CREATE, 'read/readback.graphreq': READ });
    const r = await runCli(['check', 'read/readback.graphreq', '--no-color'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, 'read/readback.graphreq:4:12: warning REQ-UNKNOWN-VARIABLE `{{nope.response.body.id}}`: no request of the workspace is named `nope`: name the request that makes it (`# @name nope`).\n');
  });

  it('reports a name given twice in a file (errors) and in two files (warnings naming the other place, and at the reader)', async () => {
    const dir = workspace({
      'create/adsets.graphreq': CREATE,
      'b.graphreq': `${CREATE}\n###\n# @name twice\nGET /v23.0/1?fields=id\n\n###\n# @name twice\nGET /v23.0/2?fields=id\n`,
      'read/readback.graphreq': READ.split('\n###')[0],
    });
    const r = await runCli(['check', '--no-color'], dir);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(
      r.stdout,
      [
        "b.graphreq:1:9: warning REQ-AMBIGUOUS-NAME `springSale` also names a request in create/adsets.graphreq:1: named responses are the workspace's, so a reader cannot tell which; rename one.",
        'b.graphreq:5:9: error REQ-DUPLICATE-NAME `twice` also names the request at line 9: a reader of its response cannot tell which; rename one.',
        'b.graphreq:9:9: error REQ-DUPLICATE-NAME `twice` also names the request at line 5: a reader of its response cannot tell which; rename one.',
        "create/adsets.graphreq:1:9: warning REQ-AMBIGUOUS-NAME `springSale` also names a request in b.graphreq:1: named responses are the workspace's, so a reader cannot tell which; rename one.",
        'read/readback.graphreq:1:14: warning REQ-AMBIGUOUS-NAME `springSale` names a request in more than one file (b.graphreq:1, create/adsets.graphreq:1): this reads whichever was sent last; rename all but one.',
        '',
      ].join('\n'),
    );
  });

  it('send refuses to guess which response an ambiguous name reads (exit 2, naming both places), before sending anything', async () => {
    const dir = workspace({ 'a.graphreq': CREATE, 'b.graphreq': CREATE, 'read.graphreq': READ.split('\n###')[0] });
    const r = await runCli(['send', 'read.graphreq', '--dry-run'], dir);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /`springSale` names a request in 2 files \(a\.graphreq:2, b\.graphreq:2\): which response this reads depends on which was sent last; rename all but one \(REQ-AMBIGUOUS-NAME\)/);
    assert.equal(r.stdout, '');
  });
});

describe('the workspace as check reads it (cold start, issue 26)', () => {
  it('parses only the other files that name a request: a large neighbour without `@name` costs its reading', async () => {
    const dir = workspace({ 'create/adsets.graphreq': CREATE, 'plain.graphreq': 'GET /v23.0/1?fields=id\n', 'read/readback.graphreq': READ });
    const names = new CliWorkspace(dir).readAll();
    assert.deepEqual([...names.fileIds()].map((f) => f.slice(dir.length + 1)).sort(), ['create/adsets.graphreq']);
    assert.equal(names.producerCount('springSale'), 1);
  });

  it('reads the other files only for a file that names a request or reads a response', async () => {
    const dir = workspace({ 'create/adsets.graphreq': CREATE, 'plain.graphreq': 'GET /v23.0/1?fields=id\n', 'read/readback.graphreq': READ });
    const model = getApiModel();
    const check = (w: CliWorkspace, file: string): string[] => {
      const doc = parseDocument(fs.readFileSync(path.join(dir, file), 'utf8'));
      return validateDocument(doc, { env: { variables: {} }, model, workspace: w.scopeOf(path.join(dir, file)) }).map((f) => f.code);
    };
    const plain = new CliWorkspace(dir);
    assert.deepEqual(check(plain, 'plain.graphreq'), []);
    assert.equal(plain.readYet, false, 'a file without names read the workspace');
    const reader = new CliWorkspace(dir);
    // springSale is named in another file: only `nope` is unknown.
    assert.deepEqual(check(reader, 'read/readback.graphreq'), ['REQ-UNKNOWN-VARIABLE']);
    assert.equal(reader.readYet, true);
  });

  it("indexes the run's own files only when the workspace is read (a check that never asks does not index them)", () => {
    const dir = workspace({ 'create/adsets.graphreq': CREATE, 'read/readback.graphreq': READ });
    const w = new CliWorkspace(dir);
    const own = path.join(dir, 'read/readback.graphreq');
    w.add(own, parseDocument(fs.readFileSync(own, 'utf8')));
    assert.deepEqual([...w.names.fileIds()], [], 'indexed before anything asked for the names');
    // The added parse is the one indexed (not the file read again), with the other files.
    const names = w.readAll();
    assert.deepEqual([...names.fileIds()].map((f) => f.slice(dir.length + 1)).sort(), ['create/adsets.graphreq', 'read/readback.graphreq']);
  });
});
