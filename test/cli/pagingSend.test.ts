/**
 * A list's `next` link sent as a request (docs/sending.md, "Pages of a list"): the embedded
 * emulator's links name it by its stable name, so a link from one run is sent to the workspace's
 * emulator in a later one (its port changes every run), and check does not call it another origin;
 * a link of `graphreq serve` goes with `--base-url`. The CLI as a subprocess, run after run.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { startEmulator } from '../../server/src/emulator';
import { runCli, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of closers) await c();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const LIST = 'GET /v23.0/act_1000000001/adsets?limit=2&fields=name\n';

/** The JSON body of the only result of `graphreq send --format json`. */
function bodyOf(stdout: string): any {
  const report = JSON.parse(stdout);
  const result = report.results?.[0] ?? report[0] ?? report;
  return typeof result.body === 'string' ? JSON.parse(result.body) : result.body ?? result.response?.body;
}

describe('graphreq send: a next link', () => {
  it('sends an embedded emulator link in a later run to the workspace emulator, and check accepts it', async () => {
    const dir = tempWorkspace('graphreq-paging-');
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'list.graphreq'), LIST);
    const first = await runCli(['send', 'list.graphreq', '--format', 'json'], dir);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const page1 = bodyOf(first.stdout);
    assert.equal(page1.data.length, 2);
    const next: string = page1.paging.next;
    assert.match(next, /^http:\/\/embedded-emulator\.graphreq\.invalid\/v23\.0\/act_1000000001\/adsets\?/);

    fs.writeFileSync(path.join(dir, 'next.graphreq'), `GET ${next}\n`);
    const check = await runCli(['check', 'next.graphreq'], dir);
    assert.equal(check.code, 0, check.stdout + check.stderr);
    const second = await runCli(['send', 'next.graphreq', '--format', 'json'], dir);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const page2 = bodyOf(second.stdout);
    assert.equal(page2.data.length, 2);
    assert.notDeepEqual(page2.data, page1.data);
    assert.equal(page2.paging.cursors.before === page1.paging.cursors.after, false);
    assert.ok(page2.paging.previous, 'the second page links back');
  });

  it('refuses an embedded emulator link sent to another base URL: the token goes only there', async () => {
    const dir = tempWorkspace('graphreq-paging-');
    dirs.push(dir);
    const served = await startEmulator({ port: 0 });
    closers.push(() => served.close());
    fs.writeFileSync(path.join(dir, 'next.graphreq'), 'GET http://embedded-emulator.graphreq.invalid/v23.0/act_1000000001/adsets?limit=2\n');
    const r = await runCli(['send', 'next.graphreq', '--base-url', served.url], dir, { GRAPHREQ_ACCESS_TOKEN: 'demo-token' });
    assert.notEqual(r.code, 0);
    assert.match(r.stdout + r.stderr, /written for http:\/\/embedded-emulator\.graphreq\.invalid/);
  });

  it("sends graphreq serve's link with --base-url", async () => {
    const dir = tempWorkspace('graphreq-paging-');
    dirs.push(dir);
    const served = await startEmulator({ port: 0 });
    closers.push(() => served.close());
    const listed = await fetch(`${served.url}/v23.0/act_1000000001/adsets?limit=2`, { headers: { Authorization: 'Bearer demo-token' } });
    const next: string = ((await listed.json()) as { paging: { next: string } }).paging.next;
    assert.ok(next.startsWith(`${served.url}/`), next);
    fs.writeFileSync(path.join(dir, 'next.graphreq'), `GET ${next}\n`);
    const r = await runCli(['send', 'next.graphreq', '--base-url', served.url, '--format', 'json'], dir, { GRAPHREQ_ACCESS_TOKEN: 'demo-token' });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(bodyOf(r.stdout).data.length, 2);
  });
});
