/**
 * A malicious repository (issue 20, why-items 1-4 and 13), run the way a user meets it: cloned (or
 * unpacked), then `graphreq send`, `graphreq test`, `check`, `fmt`, `check --fix` and the language
 * server's send, each run several times. A recording server on loopback stands in for the attacker
 * and receives the sends a user chose to make there; canary values stand in for the user's secrets.
 * Nothing reaches the recorder that the user did not send, no file outside the workspace changes,
 * no read-only file is rewritten, and no body read takes more than a moment. The last test covers
 * what else a repository or the service could use to steer the token (docs/sending.md, "Where the
 * token goes"): proxy variables, redirects, and an answer that names another origin.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { runCli, tempWorkspace } from '../cli/cliHelpers';
import { CANARY_TOKEN, hostileRepo, readOnlyRequestFile, recordingServer, type HostileRepo } from '../hostileRepo';
import { localServer } from '../send/sendHelpers';
import { LspClient } from '../lsp/lspClient';
import { stressOnly } from './stressGate';

const ROUNDS = 5;
let recorder: Awaited<ReturnType<typeof recordingServer>>;
const repos: HostileRepo[] = [];
const dirs: string[] = [];
before(async () => {
  recorder = await recordingServer();
});
after(async () => {
  await recorder.close();
  for (const r of repos) r.remove();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function repo(git: boolean, files?: Record<string, string>): HostileRepo {
  const r = hostileRepo({ lockUrl: recorder.url, git, files });
  repos.push(r);
  return r;
}

describe('a malicious repository', stressOnly, () => {
  it(`1: its emulator lock never receives the token (${ROUNDS} rounds of send, test and the language server's send, clone and archive)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const git of [true, false]) {
        // Without links here: a state file that links outside stops a run before it sends (item 2).
        const r = hostileRepo({ lockUrl: recorder.url, git, links: [] });
        repos.push(r);
        for (const command of ['send', 'test']) await runCli([command, 'req.graphreq'], r.dir, { GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN });
        const client = new LspClient(undefined, { GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN });
        try {
          await client.initialize(pathToFileURL(r.dir).href);
          const uri = pathToFileURL(path.join(r.dir, 'req.graphreq')).href;
          await client.open(uri, fs.readFileSync(path.join(r.dir, 'req.graphreq'), 'utf8'));
          const sent = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0 }] });
          assert.ok(!sent.results[0].request?.url.startsWith(recorder.url));
        } finally {
          await client.shutdown();
        }
      }
    }
    assert.deepEqual(recorder.requests, [], 'the attacker received nothing');
  });

  it(`2: its symbolic links are never written through (${ROUNDS} rounds of send and test --update-snapshots)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const links of [['.graphreq/responses.json', '.graphreq-history'], ['.graphreq/emulator-state.json'], ['.graphreq/test-results.json', 'req.snap.json']]) {
        const r = hostileRepo({ lockUrl: recorder.url, git: false, links, files: { 'req.graphreq': '# @name read\nGET /v23.0/t_100200300?fields=id\n# @expect status 200\n# @expect body matches snapshot\n' } });
        repos.push(r);
        await runCli(['send', 'req.graphreq'], r.dir);
        await runCli(['test', 'req.graphreq', '--update-snapshots'], r.dir);
        assert.deepEqual(r.outsideNow(), r.outsideBefore, `round ${round}, links ${links.join(', ')}`);
      }
    }
  });

  it('3 and 4: its bodies read nothing outside the workspace, at once, and no variable it was not allowed reaches the service', async () => {
    const r = repo(false, {
      'req.graphreq': [
        'POST /v23.0/120200000000000002/copies',
        '',
        '< ./pagemap.json',
        '',
        '###',
        'POST /v23.0/120200000000000002/copies',
        '',
        '< /proc/self/environ',
        '',
        '###',
        'POST /v23.0/120200000000000002/copies',
        '',
        'status_option={{$processEnv CANARY_SECRET}}',
        '',
        '###',
        'GET /v23.0/120200000000000002?fields=id&x={{$processEnv GRAPHREQ_VAR_CANARY}}',
        '',
      ].join('\n'),
    });
    fs.symlinkSync('/proc/self/pagemap', path.join(r.dir, 'pagemap.json'));
    const env = { GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN, CANARY_SECRET: CANARY_TOKEN, GRAPHREQ_VAR_CANARY: CANARY_TOKEN };
    const before = recorder.requests.length;
    for (let round = 0; round < ROUNDS; round++) {
      const started = Date.now();
      const check = await runCli(['check', 'req.graphreq'], r.dir, env);
      assert.ok(Date.now() - started < 15_000, `check took ${Date.now() - started} ms`);
      assert.equal(check.stdout.match(/REQ-BODY-FILE/g)?.length, 2, check.stdout);
      // The user chose the recorder as the base URL: what the repository's requests could put in it is what it sees.
      await runCli(['send', 'req.graphreq', '--all', '--base-url', recorder.url], r.dir, env);
    }
    const seen = recorder.requests.slice(before);
    assert.deepEqual(seen, [], `nothing of these requests was sent: ${JSON.stringify(seen).slice(0, 300)}`);
  });

  it(`13: fmt and check --fix never rewrite a read-only file (${ROUNDS} rounds)`, async () => {
    const dir = tempWorkspace('graphreq-stress-readonly-');
    dirs.push(dir);
    const { file, text } = readOnlyRequestFile(dir);
    for (let round = 0; round < ROUNDS; round++) {
      await runCli(['fmt', 'ro.graphreq'], dir);
      await runCli(['check', '--fix', 'ro.graphreq'], dir);
      assert.equal(fs.readFileSync(file, 'utf8'), text);
      assert.equal(fs.statSync(file).mode & 0o777, 0o444);
    }
  });

  it(`never trusted: proxy variables (the process's and a .env's), redirects, an answer naming another origin (${ROUNDS} rounds)`, async () => {
    // The service the user chose (--base-url): it redirects one read to the recorder and names the recorder in another answer.
    const service = await localServer((req, _body, res) => {
      if (req.url?.includes('fields=redirect')) {
        res.writeHead(307, { location: `${recorder.url}${req.url}` });
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: '120200000000000002', next: `${recorder.url}/v23.0/me` }));
    });
    try {
      const r = hostileRepo({
        lockUrl: recorder.url,
        git: false,
        links: [],
        files: {
          'req.graphreq': '# @name read\nGET /v23.0/23850000000000001?fields=id\n',
          'chosen.graphreq': '### redirected\nGET /v23.0/120200000000000002?fields=redirect\n\n###\n# @name first\nGET /v23.0/120200000000000002?fields=id\n\n###\nGET {{first.response.body.next}}\n',
          '.env': `HTTP_PROXY=${recorder.url}\nHTTPS_PROXY=${recorder.url}\nALL_PROXY=${recorder.url}\n`,
        },
      });
      repos.push(r);
      const proxies = { HTTP_PROXY: recorder.url, HTTPS_PROXY: recorder.url, ALL_PROXY: recorder.url, http_proxy: recorder.url, https_proxy: recorder.url, NO_PROXY: '', GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN };
      const before = recorder.requests.length;
      for (let round = 0; round < ROUNDS; round++) {
        // The emulator takes its documented token only.
        const embedded = await runCli(['send', 'req.graphreq'], r.dir, { ...proxies, GRAPHREQ_ACCESS_TOKEN: 'demo-token' });
        assert.equal(embedded.code, 0, embedded.stderr);
        const chosen = await runCli(['send', 'chosen.graphreq', '--all', '--base-url', service.url], r.dir, proxies);
        assert.match(chosen.stdout, /Redirect not followed \(HTTP 307\)/, chosen.stdout);
        // The answer's URL went into the path as one encoded segment, to the chosen service.
        assert.match(chosen.stdout, new RegExp(`GET ${service.url}/http%3A%2F%2F127\\.0\\.0\\.1`), chosen.stdout);
      }
      assert.deepEqual(recorder.requests.slice(before), [], 'the recorder received nothing');
      assert.equal(service.requests.length, ROUNDS * 3, 'the chosen service received the three requests of each round');
    } finally {
      await service.close();
    }
  });
});
