/**
 * `graphreq serve` as a user runs it: the bundled CLI in a child process prints its URL, answers on
 * loopback, keeps its state with --data, and exits 0 on SIGTERM, also while clients keep writing;
 * usage errors (a second server on one data file, a file that is not state) exit 2 with one line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { readStateFile } from '../../server/src/emulator/store';
import { adsetBody, request } from './harness';
import { UNLIMITED, writeLoad } from './load';
import { killServers, portOf, serve } from './serveProcess';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-serve-'));
after(() => {
  killServers();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('graphreq serve', () => {
  it('prints its loopback URL, answers, keeps state in --data, and exits 0 on SIGTERM', async () => {
    const data = path.join(dir, 'state.json');
    const run = serve(['--port', '0', '--data', data]);
    const port = portOf(await run.url);
    const created = await request(port, 'POST', '/v23.0/act_1234567890/adsets', { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' }, JSON.stringify(adsetBody({ name: 'From the CLI' })));
    assert.equal(created.status, 200, created.text);
    run.child.kill('SIGTERM');
    const { code, out } = await run.exit;
    assert.equal(code, 0);
    assert.match(out, /stopped \(SIGTERM\)/);
    const state = readStateFile(data);
    assert.equal(state.adsets[created.body.id].name, 'From the CLI');
  });

  it('takes a --config file', async () => {
    const config = path.join(dir, 'config.json');
    // App 7 says when it first called, so the older versions it calls answer it ([3] Versioning 5).
    fs.writeFileSync(config, JSON.stringify({ tokens: { 'demo-token': null, 'my-token': { app: '7', user: '7', business: '7', kind: 'user', developer: true } }, apps: { '7': { firstCall: '2020-01-01' } } }));
    const run = serve(['--port', '0', '--config', config]);
    const port = portOf(await run.url);
    assert.equal((await request(port, 'GET', '/v23.0/t_100200300', { Authorization: 'Bearer my-token' })).status, 200);
    assert.equal((await request(port, 'GET', '/v23.0/t_100200300', { Authorization: 'Bearer demo-token' })).status, 400);
    run.child.kill('SIGINT');
    assert.equal((await run.exit).code, 0);
  });

  it('exits 2 on usage errors: a bad port, an unreadable or invalid config, a data file that is not state', async () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ flaggedAssets: 'sometimes' }));
    const notState = path.join(dir, 'not-state.json');
    fs.writeFileSync(notState, '{"format":1,"adsets":{}}');
    for (const args of [['--port', 'eighty'], ['--config', path.join(dir, 'missing.json')], ['--config', bad], ['--port', '0', '--data', notState]]) {
      const { code, err } = await serve(args).exit;
      assert.equal(code, 2, args.join(' '));
      assert.match(err, /^graphreq serve: [^\n]+\n$/);
    }
  });

  it('refuses a second server on the same --data file, in one line', async () => {
    const data = path.join(dir, 'shared.json');
    const first = serve(['--port', '0', '--data', data]);
    const port = portOf(await first.url);
    const second = await serve(['--port', '0', '--data', data]).exit;
    assert.equal(second.code, 2);
    assert.match(second.err, new RegExp(`^graphreq serve: .*shared\\.json is in use by another emulator \\(process ${first.child.pid}\\)[^\\n]*\\n$`));
    assert.equal((await request(port, 'GET', '/v23.0/t_100200300', { Authorization: 'Bearer demo-token' })).status, 200);
    first.child.kill('SIGTERM');
    assert.equal((await first.exit).code, 0);
    assert.equal(fs.existsSync(`${data}.lock`), false);
  });

  it('stops on the first SIGTERM while clients keep writing, and keeps every acknowledged ad set', { timeout: 60_000 }, async () => {
    const data = path.join(dir, 'under-load.json');
    const config = path.join(dir, 'unlimited.json');
    fs.writeFileSync(config, JSON.stringify(UNLIMITED));
    const run = serve(['--port', '0', '--data', data, '--config', config]);
    const load = writeLoad(portOf(await run.url), 8);
    await load.acknowledged(300);
    const atSignal = load.acked.length;
    run.child.kill('SIGTERM');
    const { code, out } = await run.exit;
    await load.done;
    assert.equal(code, 0);
    assert.match(out, /stopped \(SIGTERM\)/);
    assert.deepEqual(load.unexpected, []);
    // The signal reaches the server a moment after kill(); from then on only the calls in progress
    // are answered. (Before the clean stop, writes went on for as long as the clients kept sending.)
    assert.ok(load.acked.length - atSignal < 200, `${load.acked.length - atSignal} ad sets acknowledged after SIGTERM`);
    const state = readStateFile(data);
    for (const id of load.acked) assert.ok(state.adsets[id], `acknowledged ad set ${id} kept`);
    assert.equal(fs.existsSync(`${data}.lock`), false);
  });

  it('moves its clock with --test-clock', async () => {
    const run = serve(['--port', '0', '--test-clock']);
    const port = portOf(await run.url);
    const moved = await request(port, 'POST', '/__graphreq/clock?advance=2h', {});
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.offset_ms, 7_200_000);
    run.child.kill('SIGINT');
    assert.equal((await run.exit).code, 0);
    const plain = serve(['--port', '0']);
    assert.equal((await request(portOf(await plain.url), 'POST', '/__graphreq/clock?advance=2h', {})).status, 400);
    plain.child.kill('SIGINT');
    await plain.exit;
  });
});
