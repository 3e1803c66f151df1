/**
 * Reads are bounded and confined (issue 20, item 3): a `< path` body is read only from a regular
 * file inside the workspace (symbolic links followed, then checked), and at most 1 MiB counted as
 * the bytes come (`stat` says 0 for /proc files: `< /proc/self/pagemap` took gigabytes).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { EnvironmentSettings } from '../../server/src/core';
import { BODY_FILE_LIMIT, readBodyFile, withHostInputs } from '../../server/src/files/hostInputs';

const EMPTY: EnvironmentSettings = { variables: {} };

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-bodyfiles-'));
const ws = path.join(root, 'ws');
const outside = path.join(root, 'outside.json');
after(() => fs.rmSync(root, { recursive: true, force: true }));
fs.mkdirSync(path.join(ws, 'bodies'), { recursive: true });
fs.writeFileSync(path.join(ws, 'bodies', 'copy.json'), '{ "status_option": "PAUSED" }');
fs.writeFileSync(outside, '{ "secret": "outside the workspace" }');
fs.symlinkSync(outside, path.join(ws, 'bodies', 'escape.json'));
fs.symlinkSync(path.join(ws, 'bodies', 'copy.json'), path.join(ws, 'inner-link.json'));
fs.symlinkSync('/proc/self/pagemap', path.join(ws, 'pagemap.json'));

const reason = (r: ReturnType<typeof readBodyFile>): string => (r.ok ? 'read' : r.reason);

describe('< path bodies', () => {
  it('reads a file of the workspace, also through a link that stays inside', () => {
    assert.deepEqual(readBodyFile(ws, 'bodies/copy.json', ws), { ok: true, text: '{ "status_option": "PAUSED" }' });
    assert.equal(readBodyFile(ws, 'inner-link.json', ws).ok, true);
  });

  it('refuses a path outside the workspace: written so, or through a link, or /proc/self/environ', () => {
    assert.match(reason(readBodyFile(ws, '../outside.json', ws)), /outside\.json is outside the workspace \(.*\): a body file must be inside it/);
    assert.match(reason(readBodyFile(ws, 'bodies/escape.json', ws)), /escape\.json is outside the workspace/);
    assert.match(reason(readBodyFile(ws, '/proc/self/environ', ws)), /\/proc\/self\/environ is outside the workspace/);
    assert.match(reason(readBodyFile(ws, 'pagemap.json', ws)), /pagemap\.json is outside the workspace/);
  });

  it('counts the bytes it reads, not the size stat reports: /proc/self/pagemap is refused at once', () => {
    assert.equal(fs.statSync('/proc/self/pagemap').size, 0, 'the size the old check trusted');
    const started = Date.now();
    // With the whole file system as the workspace, only the byte cap stands between the read and gigabytes.
    assert.equal(reason(readBodyFile('/', '/proc/self/pagemap', '/')), 'it is larger than 1 MiB');
    assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
  });

  it('refuses what is not a regular file, without waiting for a FIFO', () => {
    execFileSync('mkfifo', [path.join(ws, 'fifo.json')]);
    assert.match(reason(readBodyFile(ws, 'fifo.json', ws)), /fifo\.json is not a file/);
    assert.match(reason(readBodyFile(ws, 'bodies', ws)), /bodies is not a file/);
  });

  it('refuses a file one byte over the cap', () => {
    fs.writeFileSync(path.join(ws, 'big.json'), Buffer.alloc(BODY_FILE_LIMIT + 1, 0x20));
    assert.equal(reason(readBodyFile(ws, 'big.json', ws)), 'it is larger than 1 MiB');
    fs.writeFileSync(path.join(ws, 'just.json'), Buffer.alloc(BODY_FILE_LIMIT, 0x20));
    assert.equal(readBodyFile(ws, 'just.json', ws).ok, true);
  });

  it('withHostInputs confines to the workspace folder, else to the request file\'s folder', () => {
    const env = withHostInputs(EMPTY, path.join(ws, 'bodies', 'req.graphreq'), { stopAt: ws });
    assert.equal(env.readFile!('../inner-link.json').ok, true);
    fs.writeFileSync(path.join(ws, 'top.json'), '{}');
    assert.equal(env.readFile!('../top.json').ok, true);
    const alone = withHostInputs(EMPTY, path.join(ws, 'bodies', 'req.graphreq'), { stopAt: null });
    assert.match(reason(alone.readFile!('../top.json')), /outside the workspace/);
  });

  it('passes $processEnv and .env values only of the variables graphreq may read', () => {
    fs.writeFileSync(path.join(ws, '.env'), 'GRAPHREQ_VAR_A=1\nAWS_SECRET_ACCESS_KEY=dotenv-secret\nLISTED=ok\n');
    const env = withHostInputs(EMPTY, path.join(ws, 'req.graphreq'), { stopAt: ws, processEnv: { HOME: '/root', GRAPHREQ_VAR_B: '2', GRAPHREQ_ACCESS_TOKEN: 'tok', LISTED: 'yes', GRAPHREQ_TOKEN_VARIABLES: 'LISTED' } });
    assert.deepEqual({ ...env.processEnv }, { GRAPHREQ_VAR_B: '2', LISTED: 'yes' });
    assert.deepEqual({ ...env.dotenv }, { GRAPHREQ_VAR_A: '1', LISTED: 'ok' });
    assert.deepEqual(env.readableVariables, ['LISTED']);
  });
});
