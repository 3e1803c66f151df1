/**
 * `graphreq check` with the account context of the embedded emulator (issue 23): the three requests
 * a new user writes without directives are flagged at their lines from the seed data; the state file
 * of the workspace is read as it is (a campaign changed there changes the finding), without the
 * emulator's lock and while another process holds it; `--no-context` turns it off; a state file that
 * is a symbolic link is not read.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { Store } from '../../server/src/emulator/store';
import { THREE_FINDINGS, THREE_REQUESTS } from '../accountContextFixture';
import { runCli } from './cliHelpers';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-cli-account-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function workspace(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'three.graphreq'), THREE_REQUESTS);
  fs.writeFileSync(path.join(dir, 'graphreq.env.json'), '{ "$shared": {} }\n');
  return dir;
}

interface JsonFinding {
  code: string;
  severity: string;
  range: { start: { line: number } };
  detail?: string;
}

async function check(dir: string, ...args: string[]): Promise<{ code: number | null; findings: JsonFinding[]; stderr: string }> {
  const run = await runCli(['check', '--format', 'json', ...args, 'three.graphreq'], dir);
  return { code: run.code, findings: (JSON.parse(run.stdout) as JsonFinding[]).filter((f) => f.severity !== 'hint'), stderr: run.stderr };
}

const byLine = (findings: JsonFinding[]) => findings.map((f) => ({ code: f.code, line: f.range.start.line + 1 }));

describe('check with the embedded emulator\'s account context', () => {
  it('flags the three requests at their lines from the seed data, with no directive, and says where each fact came from', async () => {
    const dir = workspace('seed');
    const run = await check(dir);
    assert.deepEqual(byLine(run.findings), THREE_FINDINGS);
    assert.equal(run.code, 1);
    assert.match(run.findings[0].detail ?? '', /objective OUTCOME_AWARENESS, from the emulator's state/);
    assert.match(run.findings[2].detail ?? '', /campaign budget none, from the emulator's state/);
    assert.ok(!fs.existsSync(path.join(dir, '.graphreq')), 'check writes nothing: no .graphreq folder');
  });

  it('is turned off with --no-context', async () => {
    const run = await check(workspace('off'), '--no-context');
    assert.deepEqual(run.findings, []);
    assert.equal(run.code, 0);
  });

  it("reads the workspace's state file as it is, while the emulator holds it", async () => {
    const dir = workspace('state');
    const file = path.join(dir, '.graphreq', 'emulator-state.json');
    fs.mkdirSync(path.dirname(file));
    // The emulator holds the state (its lock) while check runs: the campaign now has a daily budget and the traffic objective.
    const store = await Store.open(file);
    try {
      store.state.campaigns['120200000000000001'] = { ...store.state.campaigns['120200000000000001'], objective: 'OUTCOME_TRAFFIC' };
      store.state.campaigns['120200000000000002'] = { ...store.state.campaigns['120200000000000002'], budget: 'daily' };
      await store.commit();
      const before = fs.readFileSync(file);
      const run = await check(dir);
      assert.deepEqual(byLine(run.findings), [THREE_FINDINGS[1]], 'the goal is allowed for traffic; the campaign has a budget');
      assert.deepEqual(fs.readFileSync(file), before, 'the state is not written');
    } finally {
      await store.close();
    }
  });

  it('does not read a state file that is a symbolic link: the seed data stands for it', async () => {
    const dir = workspace('symlink');
    const elsewhere = path.join(root, 'elsewhere-state.json');
    const store = await Store.open(elsewhere);
    store.state.campaigns['120200000000000001'] = { ...store.state.campaigns['120200000000000001'], objective: 'OUTCOME_TRAFFIC' };
    await store.commit();
    await store.close();
    fs.mkdirSync(path.join(dir, '.graphreq'));
    fs.symlinkSync(elsewhere, path.join(dir, '.graphreq', 'emulator-state.json'));
    const run = await check(dir);
    assert.deepEqual(byLine(run.findings), THREE_FINDINGS);
    assert.match(run.stderr, /symbolic link/);
  });

  it('does not read the state of a .graphreq/ tracked by git (it came with the repository)', async () => {
    const dir = workspace('clone');
    const file = path.join(dir, '.graphreq', 'emulator-state.json');
    fs.mkdirSync(path.dirname(file));
    const store = await Store.open(file);
    store.state.campaigns['120200000000000001'] = { ...store.state.campaigns['120200000000000001'], objective: 'OUTCOME_TRAFFIC' };
    await store.commit();
    await store.close();
    const git = (...args: string[]): void => void execFileSync('git', ['-c', 'user.email=a@example.invalid', '-c', 'user.name=author', ...args], { cwd: dir, stdio: 'ignore' });
    git('init', '-q', '.');
    git('add', '-A', '-f');
    git('commit', '-q', '-m', 'with its state');
    const run = await check(dir);
    assert.deepEqual(byLine(run.findings), THREE_FINDINGS, "the seed's awareness campaign, not the committed state's");
    assert.match(run.stderr, /\.graphreq\/ is tracked by git/);
  });
});
