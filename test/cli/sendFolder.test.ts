import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { it } from 'node:test';
import { copyExamples, exampleFiles } from '../examples';

const repo = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repo, 'bin', 'graphreq.js');

it('sends every example of a folder with --all to the embedded emulator (the quick start)', () => {
  // A copy of examples/ with its environment: the workspace (and its session) is the copy, never the repository.
  const folder = copyExamples({ env: true });
  try {
    const r = spawnSync(process.execPath, [bin, 'send', folder, '--all', '--format', 'json'], { cwd: folder, encoding: 'utf8', env: { ...process.env, GRAPHREQ_ACCESS_TOKEN: '' } });
    assert.equal(r.status, 0, r.stderr);
    const results = JSON.parse(r.stdout) as Array<{ status: number; usage: unknown; url: string; title: string | null }>;
    const requests = exampleFiles().map((f) => fs.readFileSync(path.join(folder, f), 'utf8').match(/^(GET|POST|DELETE) /gm)?.length ?? 0).reduce((a, b) => a + b, 0);
    assert.equal(results.length, requests);
    assert.ok(results.every((x) => x.usage));
    // Every answer is 2xx but the refusals the examples expect (examples/contract.graphreq), which count as sent.
    const refused = results.filter((x) => x.status !== 200).map((x) => `${x.status} ${x.title}`);
    assert.deepEqual(refused, ['400 DSA: an account without defaults refuses an EU ad set that names no payor', '400 The 11th read of the URL within the hour is refused']);
    assert.match(r.stderr, new RegExp(`${requests} requests: ${requests} sent, 0 failed`));
    assert.ok(!r.stdout.includes('demo-token') && !r.stderr.includes('demo-token'));
    const mixed = spawnSync(process.execPath, [bin, 'send', folder], { cwd: folder, encoding: 'utf8' });
    assert.equal(mixed.status, 2);
    assert.match(mixed.stderr, /--all/);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
