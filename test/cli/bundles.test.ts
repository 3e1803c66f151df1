/**
 * The CLI is two bundles (esbuild.mjs): dist/cli.js, the dispatcher and `check`, which a cold check
 * loads alone; dist/cli-commands.js, every other command, loaded when one runs. What a cold process
 * compiles before it reads the file is the size of dist/cli.js (bench/README.md, "Cold start and the
 * valid path").
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli, tempWorkspace } from './cliHelpers';

/** The modules a bundle holds: the development build names each in a comment line before its code. */
function modulesOf(bundle: string): string[] {
  const text = fs.readFileSync(path.join(repoRoot, 'dist', bundle), 'utf8');
  return [...text.matchAll(/^\/\/ ((?:server|node_modules)\/\S+)$/gm)].map((m) => m[1]);
}

describe('CLI bundles', () => {
  it('dist/cli.js holds the check and none of the other commands, nor what only they use', () => {
    const modules = modulesOf('cli.js');
    assert.ok(modules.includes('server/src/cli/check.ts'), 'the check is in dist/cli.js');
    const others = modules.filter((m) =>
      /^server\/src\/cli\/(fmt|send|test|import|serve|lsp|sendContext|sendPlan)\.ts$/.test(m)
      || m.startsWith('server/src/core/import/')
      || m.startsWith('server/src/emulator/handlers/'));
    assert.deepEqual(others, []);
    const commands = modulesOf('cli-commands.js');
    for (const m of ['server/src/cli/fmt.ts', 'server/src/cli/send.ts', 'server/src/cli/serve.ts', 'server/src/cli/lsp.ts']) assert.ok(commands.includes(m), `${m} is in dist/cli-commands.js`);
  });

  it('every other command runs from dist/cli-commands.js, and its usage errors are one line with exit code 2', async () => {
    const dir = tempWorkspace('graphreq-bundles-');
    try {
      for (const name of ['fmt', 'send', 'test', 'import', 'serve', 'lsp']) {
        const help = await runCli(['help', name], dir);
        assert.equal(help.code, 0, `${name}: ${help.stderr}`);
        assert.match(help.stdout, new RegExp(`^Usage: graphreq ${name}`));
      }
      // UsageError is a class of each bundle: the dispatcher (dist/cli.js) recognises the other bundle's.
      const wrong = await runCli(['fmt', '--chek', 'x.graphreq'], dir);
      assert.equal(wrong.code, 2);
      assert.equal(wrong.stderr, 'graphreq fmt: unknown option --chek (did you mean --check?); see graphreq fmt --help\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
