/**
 * What a cold `graphreq check` loads before it reads a file (issue 26, item 3): the subcommands are
 * loaded when they run, so a check initialises neither the sender, the emulator nor the Node modules
 * only they need (HTTP, TLS). Read from Node's own list of the built-in modules a process
 * loaded, written by a preload script when the process exits. Also the V8 flags a check sets for its
 * run (cli/batchCompile.ts), logged the same way.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { bin, cleanEnv, workspaceOf } from './cliHelpers';
import { BATCH_V8_FLAGS } from '../../server/src/cli/batchCompile';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * Runs the CLI with a preload script (`preload(out)`: its source, given the file to write) that writes
 * what the process did, as JSON, to that file when it exits; returns the exit code and that JSON.
 */
function runWithPreload<T>(args: string[], cwd: string, name: string, preload: (out: string) => string): Promise<{ code: number; seen: T }> {
  const script = path.join(cwd, `${name}.cjs`);
  const out = path.join(cwd, `${name}.json`);
  fs.writeFileSync(script, preload(JSON.stringify(out)));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--require', script, bin, ...args], { cwd, env: cleanEnv(), timeout: 60_000 }, (error) => {
      try {
        resolve({ code: error ? Number((error as { code?: unknown }).code) : 0, seen: JSON.parse(fs.readFileSync(out, 'utf8')) as T });
      } catch (e) {
        reject(e);
      }
    });
  });
}

/** The built-in modules a run of the CLI loaded (`process.moduleLoadList`), and its exit code. */
async function loadedBy(args: string[], cwd: string): Promise<{ code: number; modules: string[] }> {
  const run = await runWithPreload<string[]>(args, cwd, 'loaded', (out) => `process.on('exit', () => require('fs').writeFileSync(${out}, JSON.stringify(process.moduleLoadList)));\n`);
  return { code: run.code, modules: run.seen.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)) };
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

/** The V8 flags a run of the CLI set at run time (`v8.setFlagsFromString`), and its exit code. */
async function flagsSetBy(args: string[], cwd: string): Promise<{ code: number; flags: string[] }> {
  const run = await runWithPreload<string[]>(
    args,
    cwd,
    'flags',
    (out) =>
      `const v8 = require('v8'); const set = v8.setFlagsFromString; const seen = [];\n` +
      `v8.setFlagsFromString = (f) => { seen.push(f); return set(f); };\n` +
      `process.on('exit', () => require('fs').writeFileSync(${out}, JSON.stringify(seen)));\n`,
  );
  return { code: run.code, flags: run.seen };
}

describe('V8 tuned for a batch check (cli/batchCompile.ts)', () => {
  it('check lowers the inlining budget and peels no loop; the language server keeps V8\'s defaults', async () => {
    const dir = workspaceOf('graphreq-flags-', { 'a.graphreq': 'GET /v23.0/1?fields=id\n' }, dirs);
    const check = await flagsSetBy(['check', 'a.graphreq', '--no-color', '--no-context'], dir);
    assert.equal(check.code, 0);
    assert.ok(BATCH_V8_FLAGS.length > 0);
    assert.deepEqual(check.flags, [...BATCH_V8_FLAGS]);
    const lsp = await flagsSetBy(['lsp', '--help'], dir);
    assert.equal(lsp.code, 0);
    assert.deepEqual(lsp.flags, []);
  });
});
