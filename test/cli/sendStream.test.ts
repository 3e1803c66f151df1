/**
 * `graphreq send` prints each result as it completes, and stops cleanly: the CLI as a subprocess
 * against a service whose answers the test releases one at a time. Nothing is timed: the test holds
 * the second answer until it has seen the first result printed, so a CLI that buffered its output
 * until the end would never print it, and the test would fail.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { examples, gatedService, LiveCli, runCli, runInTerminal, tempWorkspace } from './cliHelpers';

const TOKEN = 'stream-token-8Jq2Lm5Nx';
const THREE = '### first\nGET /v23.0/1?fields=id\n\n### second\nGET /v23.0/2?fields=id\n\n### third\nGET /v23.0/3?fields=id\n';

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of closers) await c();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function workspace(text = THREE): { dir: string; file: string } {
  const dir = tempWorkspace();
  dirs.push(dir);
  const file = path.join(dir, 'three.graphreq');
  fs.writeFileSync(file, text);
  return { dir, file };
}

async function service() {
  const s = await gatedService();
  closers.push(s.close);
  return s;
}

const hasTerminal = (() => {
  try {
    execFileSync('script', ['-qfec', 'true', '/dev/null'], { stdio: 'ignore' });
    return process.platform === 'linux';
  } catch {
    return false;
  }
})();

describe('graphreq send: results as they come', () => {
  it('prints the first result while the next request is still unanswered (text)', async () => {
    const { dir, file } = workspace();
    const srv = await service();
    const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    await srv.arrived(1);
    srv.release(1);
    await cli.stdoutMatches(/### first\n[\s\S]*HTTP 200 OK[\s\S]*"id": "1"/);
    await srv.arrived(2);
    assert.equal(srv.answered(2), false, 'the second request is still waiting for its answer');
    assert.doesNotMatch(cli.stdout, /### second/);
    srv.release(2);
    await srv.arrived(3);
    srv.release(3);
    const r = await cli.exit;
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual([...r.stdout.matchAll(/^### (\w+)/gm)].map((m) => m[1]), ['first', 'second', 'third']);
    assert.match(r.stderr, /^3 requests: 3 sent, 0 failed, 0 held back, 0 not sent \((\d+ ms|\d+\.\d s)\)$/m);
  });

  it('counts the requests refused before they leave as not sent in the summary, as each result says, not as failed', async () => {
    const { dir, file } = workspace(
      '### elsewhere\nGET https://graph.example.invalid/v23.0/1?fields=id\n\n### undefined\nGET /v23.0/{{nope}}?fields=id\n\n### sent\nGET /v23.0/3?fields=id\n\n### other port\nGET http://127.0.0.1:9/v23.0/4?fields=id\n',
    );
    const srv = await service();
    const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    await srv.arrived(1);
    srv.release(1);
    const r = await cli.exit;
    assert.equal(srv.requests.length, 1, 'only the request written for the base URL left');
    assert.equal((r.stdout.match(/^not sent: /gm) ?? []).length, 3, r.stdout);
    assert.match(r.stderr, /^4 requests: 1 sent, 0 failed, 0 held back, 3 not sent /m);
    assert.match(r.stderr, /^ {2}not sent: elsewhere \(\S*three\.graphreq:2\), undefined \(\S*three\.graphreq:5\), other port \(\S*three\.graphreq:11\)$/m);
    assert.doesNotMatch(r.stderr, /^ {2}failed:/m);
    // Not sent because it could not be sent as written: exit 2, as docs/sending.md's exit codes say.
    assert.equal(r.code, 2, r.stderr);
  });

  it('streams one JSON object per line with --format jsonl', async () => {
    const { dir, file } = workspace();
    const srv = await service();
    const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url, '--format', 'jsonl'], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    await srv.arrived(1);
    srv.release(1);
    await cli.stdoutMatches(/\n/);
    assert.equal(srv.answered(2), false);
    assert.equal(JSON.parse(cli.stdout.split('\n')[0]).title, 'first');
    await srv.arrived(2);
    srv.release(2, 400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } });
    await srv.arrived(3);
    srv.release(3);
    const r = await cli.exit;
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { title: string; status: number; error: { code: number } | null });
    assert.deepEqual(lines.map((l) => [l.title, l.status]), [['first', 200], ['second', 400], ['third', 200]]);
    assert.equal(lines[1].error?.code, 100);
    assert.ok(!r.stdout.includes(TOKEN) && !r.stderr.includes(TOKEN));
  });

  it('keeps --format json one array, written element by element', async () => {
    const { dir, file } = workspace();
    const srv = await service();
    const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url, '--format', 'json'], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    await srv.arrived(1);
    srv.release(1);
    await cli.stdoutMatches(/^\[\n {2}\{[\s\S]*"title": "first"/);
    assert.equal(srv.answered(2), false);
    for (const n of [2, 3]) {
      await srv.arrived(n);
      srv.release(n);
    }
    const r = await cli.exit;
    assert.equal(r.code, 0);
    const items = JSON.parse(r.stdout) as Array<{ title: string }>;
    assert.deepEqual(items.map((i) => i.title), ['first', 'second', 'third']);
    assert.equal(r.stdout, JSON.stringify(JSON.parse(r.stdout), null, 2) + '\n', 'the text JSON.stringify would give');
  });

  /** Sends THREE (or `text`) with --all, and sends `signal` while the second request waits for its answer. */
  async function stopInFlight(signal: NodeJS.Signals, text = THREE) {
    const { dir, file } = workspace(text);
    const srv = await service();
    const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    await srv.arrived(1);
    srv.release(1);
    await cli.stdoutMatches(/"id": "1"/);
    await srv.arrived(2);
    cli.child.kill(signal);
    return { dir, srv, r: await cli.exit };
  }

  it('Ctrl+C cancels the request in flight, prints and saves what finished, lists the rest and exits 130', async () => {
    const { dir, srv, r } = await stopInFlight('SIGINT');
    assert.equal(r.code, 130, r.stderr);
    assert.deepEqual([...r.stdout.matchAll(/^### (\w+)/gm)].map((m) => m[1]), ['first'], 'only the finished result is printed');
    assert.match(r.stderr, /^graphreq send: cancelled; 2 requests not sent; what finished is printed and saved$/m);
    assert.match(r.stderr, /^3 requests: 1 sent, 0 failed, 0 held back, 2 not sent/m);
    assert.match(r.stderr, /^ {2}not sent: second \(\S*three\.graphreq:5\), third \(\S*three\.graphreq:8\)$/m);
    const saved = fs.readdirSync(path.join(dir, '.graphreq-history')).filter((f) => /^\d{8}T/.test(f));
    assert.equal(saved.length, 1, 'history holds the finished result only');
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, '.graphreq-history', saved[0]), 'utf8')).result.title, 'first');
    assert.equal(srv.requests.length, 2, 'the third request was never sent');
  });

  it('SIGTERM stops like Ctrl+C: the request in flight cancelled, no partial file, one line, exit 143', async () => {
    const named = THREE.replace('### first\n', '### first\n# @name first\n').replace('### second\n', '### second\n# @name second\n');
    const { dir, srv, r } = await stopInFlight('SIGTERM', named);
    assert.equal(r.code, 143, r.stderr);
    assert.deepEqual([...r.stdout.matchAll(/^### (\w+)/gm)].map((m) => m[1]), ['first'], 'only the finished result is printed');
    assert.equal(r.stderr.match(/terminated/g)?.length, 1, r.stderr);
    assert.match(r.stderr, /^graphreq send: terminated \(SIGTERM\); 2 requests not sent; what finished is printed and saved$/m);
    assert.doesNotMatch(r.stderr, /^\s+at |Error:|cancelling/m, 'no stack, no Ctrl+C hint');
    const history = path.join(dir, '.graphreq-history');
    const saved = fs.readdirSync(history).filter((f) => /^\d{8}T/.test(f));
    assert.equal(saved.length, 1, 'history holds the finished result only');
    const session = path.join(dir, '.graphreq');
    const files = [...fs.readdirSync(history), ...(fs.existsSync(session) ? fs.readdirSync(session) : [])];
    assert.deepEqual(files.filter((f) => /\.tmp|~$/.test(f)), [], `no temporary file left: ${files}`);
    const responses = JSON.stringify(JSON.parse(fs.readFileSync(path.join(session, 'responses.json'), 'utf8')));
    assert.match(responses, /"first"/);
    assert.doesNotMatch(responses, /"second"/, 'the cancelled request saved no response');
    assert.equal(srv.requests.length, 2, 'the third request was never sent');
  });

  it('Ctrl+C with --format json still leaves a valid array of what finished', async () => {
    const { dir, file } = workspace();
    const srv = await service();
    const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url, '--format', 'json', '--no-history'], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    await srv.arrived(1);
    srv.release(1);
    await cli.stdoutMatches(/"title": "first"/);
    await srv.arrived(2);
    cli.child.kill('SIGINT');
    const r = await cli.exit;
    assert.equal(r.code, 130);
    assert.deepEqual((JSON.parse(r.stdout) as Array<{ title: string }>).map((i) => i.title), ['first']);
  });

  it('goes on after a failure by default, and stops at the first one with --bail', async () => {
    const text = '### create\nPOST /v23.0/act_1/adsets\n\n{ "name": "x" }\n\n' + THREE;
    for (const bail of [false, true]) {
      const { dir, file } = workspace(text);
      const srv = await service();
      const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url, '--no-history', ...(bail ? ['--bail'] : [])], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
      await srv.arrived(1);
      srv.release(1, 400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, error_user_msg: 'name is too short' } });
      if (!bail) {
        for (const n of [2, 3, 4]) {
          await srv.arrived(n);
          srv.release(n);
        }
      }
      const r = await cli.exit;
      assert.equal(r.code, 1, r.stderr);
      if (bail) {
        assert.equal(srv.requests.length, 1);
        assert.match(r.stderr, /^graphreq send: stopped at the first failure \(--bail\); 3 requests not sent$/m);
        assert.match(r.stderr, /^4 requests: 0 sent, 1 failed, 0 held back, 3 not sent/m);
        assert.match(r.stderr, /^ {2}failed: create \(\S*three\.graphreq:2\)$/m);
      } else {
        assert.equal(srv.requests.length, 4);
        assert.match(r.stderr, /^4 requests: 3 sent, 1 failed, 0 held back, 0 not sent/m);
      }
    }
  });

  it('--bail after a request refused before it left: the stop message counts the not sent as the summary does', async () => {
    const { dir, file } = workspace('### undefined\nGET /v23.0/{{nope}}?fields=id\n\n' + THREE);
    const srv = await service();
    const r = await runCli(['send', file, '--all', '--base-url', srv.url, '--no-history', '--bail'], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    assert.equal(srv.requests.length, 0);
    assert.match(r.stderr, /^graphreq send: stopped at the first failure \(--bail\); 4 requests not sent$/m);
    assert.match(r.stderr, /^4 requests: 0 sent, 0 failed, 0 held back, 4 not sent /m);
  });

  it('holds at an app rate limit with one message on stderr, and lists what it held back', async () => {
    const { dir, file } = workspace();
    const srv = await service();
    const cli = new LiveCli(['send', file, '--all', '--base-url', srv.url], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    await srv.arrived(1);
    srv.release(1);
    await srv.arrived(2);
    srv.release(2, 400, { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4, is_transient: true, error_data: { estimated_time_to_regain_access: 30 } } });
    const r = await cli.exit;
    assert.equal(r.code, 1, r.stderr);
    assert.equal(srv.requests.length, 2, 'nothing is sent after the rate limit');
    const both = r.stdout + r.stderr;
    assert.equal(both.match(/access should return/g)?.length, 1, `said once:\n${both}`);
    assert.match(r.stderr, /^graphreq send: held back by a rate limit \(App rate limit reached\): access should return at .* \(in 30 min\); 1 request that read its response or share its scope held back, the others sent; send again then, or add --wait/m);
    // The app's limit covers every call: the third request is held, without a call.
    assert.match(r.stderr, /^ {2}held back \(the rate limit that held back second covers it too\): third \(\S*three\.graphreq:8\)$/m);
    assert.match(r.stdout, /error: App rate limit reached \(code 4\)/);

    // The next run knows the block: the first request is held back, once, and nothing goes out.
    const again = await runCli(['send', file, '--all', '--base-url', srv.url], dir, { GRAPHREQ_ACCESS_TOKEN: TOKEN });
    assert.equal(again.code, 1);
    assert.equal(srv.requests.length, 2);
    assert.equal((again.stdout + again.stderr).match(/access should return/g)?.length, 2, 'the held-back result says why, and the stop says until when');
    assert.match(again.stdout, /^held back: the last call was refused: App rate limit reached \(code 4\); access should return at/m);
    assert.doesNotMatch(again.stdout, /^warning: the last call was refused/m, 'not repeated as a warning');
    assert.match(again.stderr, /^3 requests: 0 sent, 0 failed, 3 held back, 0 not sent/m);
    assert.match(again.stderr, /^ {2}held back \(the rate limit that held back first covers it too\): second \(\S*three\.graphreq:5\), third \(\S*three\.graphreq:8\)$/m);
  });

  it('draws a progress line on a terminal only, and colours there', { skip: !hasTerminal && 'needs util-linux script for a pseudo-terminal' }, async () => {
    const dir = tempWorkspace();
    dirs.push(dir);
    const onTerminal = await runInTerminal(['send', path.join(examples, 'adsets.graphreq'), '--all', '--no-history'], dir);
    assert.equal(onTerminal.code, 0, onTerminal.stdout);
    assert.match(onTerminal.stdout, /\r\u001b\[2K\u001b\[2m\[1\/4\]\u001b\[22m sending Create a paused ad set \[create\]…/);
    assert.match(onTerminal.stdout, /\u001b\[32mHTTP 200 OK\u001b\[39m/, 'the status is green');
    const noColour = await runInTerminal(['send', path.join(examples, 'adsets.graphreq'), '--all', '--no-history'], dir, { NO_COLOR: '1' });
    assert.match(noColour.stdout, /\[1\/4\] sending/, 'progress still shows without colours');
    assert.doesNotMatch(noColour.stdout, /\u001b\[3\dm/);
    const piped = await runCli(['send', path.join(examples, 'adsets.graphreq'), '--all', '--no-history'], dir);
    assert.doesNotMatch(piped.stderr + piped.stdout, /\[1\/4\]|\u001b\[/, 'no progress line and no colours into a pipe');
    const forced = await runCli(['send', path.join(examples, 'adsets.graphreq'), '--all', '--no-history'], dir, { FORCE_COLOR: '1', NO_COLOR: '1' });
    assert.match(forced.stdout, /\u001b\[32mHTTP 200 OK\u001b\[39m/, 'FORCE_COLOR forces colours into a pipe');
    assert.doesNotMatch(forced.stderr, /\[1\/4\]/, 'but a pipe gets no progress line');
  });
});
