/**
 * The test's LSP client (lspClient.ts) starts the server with a clean environment: a token, an
 * environment name or a configuration folder set in the developer's shell must not reach the server
 * under test (a test could then pass or fail by the shell it ran in, or write the developer's
 * ~/.config/graphreq). The "server" here prints the environment it was given, then exits.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { describe, it } from 'node:test';
import { LspClient } from './lspClient';

const PRINT_ENV = ['-e', 'process.stderr.write(JSON.stringify(process.env))'];
const SHELL = { GRAPHREQ_ACCESS_TOKEN: 'developer-shell-token', GRAPHREQ_ENV: 'production', GRAPHREQ_CONFIG_DIR: '/home/developer/.config/graphreq', NO_COLOR: '1' };

async function envSeen(given: Record<string, string> = {}): Promise<Record<string, string>> {
  const saved = Object.fromEntries(Object.keys(SHELL).map((k) => [k, process.env[k]]));
  Object.assign(process.env, SHELL);
  try {
    const client = new LspClient(PRINT_ENV, given);
    assert.equal(await client.exited, 0, client.stderr);
    client.connection.dispose();
    return JSON.parse(client.stderr) as Record<string, string>;
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describe('the LspClient test helper', () => {
  it('gives the server none of the developer\'s GRAPHREQ_* variables, and a configuration folder of its own, removed after', async () => {
    const env = await envSeen();
    assert.equal(env.GRAPHREQ_ACCESS_TOKEN, undefined);
    assert.equal(env.GRAPHREQ_ENV, undefined);
    assert.equal(env.NO_COLOR, undefined);
    assert.notEqual(env.GRAPHREQ_CONFIG_DIR, SHELL.GRAPHREQ_CONFIG_DIR);
    assert.ok(env.GRAPHREQ_CONFIG_DIR.startsWith(os.tmpdir()), env.GRAPHREQ_CONFIG_DIR);
    assert.equal(fs.existsSync(env.GRAPHREQ_CONFIG_DIR), false, 'removed once the server exited');
    assert.equal(env.PATH, process.env.PATH, 'the rest of the environment is kept');
  });

  it('passes what the test gives', async () => {
    const env = await envSeen({ GRAPHREQ_ACCESS_TOKEN: 'test-token', GRAPHREQ_CONFIG_DIR: '/tmp/given-config' });
    assert.equal(env.GRAPHREQ_ACCESS_TOKEN, 'test-token');
    assert.equal(env.GRAPHREQ_CONFIG_DIR, '/tmp/given-config');
    assert.equal(env.GRAPHREQ_ENV, undefined);
  });
});
