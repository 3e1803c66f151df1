/**
 * What a cold `graphreq check` loads before it reads a file (issue 26, item 3): the subcommands are
 * loaded when they run, so a check initialises neither the sender, the emulator nor the Node modules
 * only they need (HTTP, TLS). Read from Node's own list of the built-in modules a process
 * loaded, written by a preload script when the process exits.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { bin, cleanEnv, workspaceOf } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The built-in modules a run of the CLI loaded (`process.moduleLoadList`), and its exit code. */
function loadedBy(args: string[], cwd: string): Promise<{ code: number; modules: string[] }> {
  const preload = path.join(cwd, 'loaded.cjs');
  const out = path.join(cwd, 'loaded.json');
  fs.writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--require', preload, bin, ...args], { cwd, env: cleanEnv(), timeout: 60_000 }, (error) => {
      const code = error ? Number((error as { code?: unknown }).code) : 0;
      try {
        const list = JSON.parse(fs.readFileSync(out, 'utf8')) as string[];
        resolve({ code, modules: list.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)) });
      } catch (e) {
        reject(e);
      }
    });
  });
}

describe('cold start of graphreq check', () => {
  it('loads no HTTP or TLS module: the sender and the emulator are loaded only by the commands that use them', async () => {
    const dir = workspaceOf('graphreq-cold-', { 'a.graphreq': 'GET /v23.0/1?fields=id\n' }, dirs);
    const check = await loadedBy(['check', 'a.graphreq', '--no-color', '--no-context'], dir);
    assert.equal(check.code, 0);
    for (const m of ['http', 'https', 'tls', '_http_client', '_http_server']) assert.ok(!check.modules.includes(m), `check loaded node:${m}`);
    // The same list does name them for a command that sends: the test reads what it means to.
    const serve = await loadedBy(['serve', '--help'], dir);
    assert.equal(serve.code, 0);
    assert.ok(serve.modules.includes('http'), 'serve --help loads the emulator, and node:http with it');
  });
});
