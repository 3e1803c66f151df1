import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { it } from 'node:test';

const repo = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repo, 'bin', 'graphreq.js');

it('sends every example of a folder with --all to the embedded emulator (the quick start)', () => {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-quickstart-'));
  try {
    const r = spawnSync(process.execPath, [bin, 'send', path.join(repo, 'examples'), '--all', '--format', 'json'], { cwd, encoding: 'utf8', env: { ...process.env, GRAPHREQ_ACCESS_TOKEN: '' } });
    assert.equal(r.status, 0, r.stderr);
    const results = JSON.parse(r.stdout) as Array<{ status: number; usage: unknown; url: string }>;
    const requests = fs.readdirSync(path.join(repo, 'examples')).filter((f) => f.endsWith('.graphreq')).map((f) => fs.readFileSync(path.join(repo, 'examples', f), 'utf8').match(/^(GET|POST|DELETE) /gm)?.length ?? 0).reduce((a, b) => a + b, 0);
    assert.equal(results.length, requests);
    assert.ok(results.every((x) => x.status === 200 && x.usage));
    assert.ok(!r.stdout.includes('demo-token') && !r.stderr.includes('demo-token'));
    const mixed = spawnSync(process.execPath, [bin, 'send', path.join(repo, 'examples')], { cwd, encoding: 'utf8' });
    assert.equal(mixed.status, 2);
    assert.match(mixed.stderr, /--all/);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});
