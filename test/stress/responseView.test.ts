/**
 * Issue 20 item 9, from the user's path: the VS Code response view wrote graphreq.env.json's
 * `defaultVersion` into its page as markup (the page's CSP stopped a script; the HTML rendered). A
 * hostile repository here fills every field the views show with markup: the environment's name, its
 * `defaultVersion` and variables, the requests' titles and names; and its environment's service (a
 * loopback server the repository points at) answers with markup in the status text, the headers, the
 * usage headers, the error envelope and the body, JSON or text. The real language server sends the
 * file over stdio, round after round, and the client's renderers (response, usage and history pages)
 * turn each result into HTML: no field may reach a page as markup, and each must be shown, escaped.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { renderHistoryPage } from '../../client/src/historyHtml';
import { Redactor } from '../../client/src/redact';
import { renderResponsePage, renderUsagePage } from '../../client/src/responseHtml';
import { emptyRecentUsage, recordUsage, usageNow } from '../../server/src/core/send/recentUsage';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { tempWorkspace } from '../cli/cliHelpers';
import { LspClient } from '../lsp/lspClient';
import { localServer } from '../send/sendHelpers';
import { stressOnly } from './stressGate';

const ROUNDS = 10;
/** A piece of markup that names where it came from; none may reach a page unescaped. */
const mark = (where: string): string => `<i data-x="${where}">'&`;
const MARKUP = /<i data-x/;
const ESCAPED = /&lt;i data-x=&quot;/;

let service: Awaited<ReturnType<typeof localServer>>;
const dirs: string[] = [];
before(async () => {
  service = await localServer((req, _body, res) => {
    res.setHeader('x-note', mark('header-value'));
    res.setHeader('x-business-use-case-usage', JSON.stringify({ [mark('buc-business')]: [{ type: mark('buc-type'), call_count: 40, total_cputime: 5, total_time: 5, estimated_time_to_regain_access: 0 }] }));
    if (req.method === 'POST') {
      res.statusCode = 400;
      res.statusMessage = 'Bad Request';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { message: mark('error-message'), type: mark('error-type'), code: 100, error_subcode: 1487390, error_user_title: mark('user-title'), error_user_msg: mark('user-message'), fbtrace_id: mark('trace') } }));
    } else if (req.url?.includes('fields=name')) {
      res.statusCode = 200;
      res.statusMessage = mark('status-text');
      res.setHeader('content-type', 'text/html');
      res.end(`${mark('text-body')}<script>alert(1)</script>`);
    } else {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: mark('body-value'), [mark('body-key')]: [mark('body-item'), { [mark('nested-key')]: mark('nested-value') }] }));
    }
  });
});
after(async () => {
  await service.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('the response view against a hostile repository (issue 20 item 9)', stressOnly, () => {
  it(`escapes every field of graphreq.env.json, the request file and the service's answers (${ROUNDS} rounds of three sends)`, async () => {
    const dir = tempWorkspace('graphreq-stress-view-');
    dirs.push(dir);
    const environment = mark('environment');
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ [environment]: { baseUrl: service.url, defaultVersion: mark('defaultVersion'), note: mark('variable') } }));
    const file = path.join(dir, 'view.graphreq');
    fs.writeFileSync(file, [
      `### ${mark('title')}`,
      '# @name read',
      'GET /120200000000000002?fields=id',
      '',
      '###',
      'GET /v23.0/120200000000000002?fields=name',
      '',
      `### ${mark('second-title')}`,
      'POST /v23.0/120200000000000002',
      '',
      '{ "name": "{{note}}" }',
      '',
    ].join('\n'));
    // The environment's base URL is the repository's: the pair is confirmed (trustOrigin) and remembered in a folder of the test's own.
    const config = tempWorkspace('graphreq-stress-view-config-');
    dirs.push(config);
    const client = new LspClient(undefined, { GRAPHREQ_ACCESS_TOKEN: 'stress-view-token', GRAPHREQ_CONFIG_DIR: config });
    const pages: string[] = [];
    try {
      await client.initialize(pathToFileURL(dir).href, true, {}, { initializationOptions: { showsSendResults: true } });
      const uri = pathToFileURL(file).href;
      await client.open(uri, fs.readFileSync(file, 'utf8'));
      const redactor = new Redactor();
      redactor.add('stress-view-token');
      let scopes = emptyRecentUsage();
      const snapshots = [];
      for (let round = 0; round < ROUNDS; round++) {
        // One request at a time: send all stops at the first that fails, and two of them do.
        const each: SendCommandResult[] = [];
        for (const index of [0, 1, 2]) each.push(await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index, environment, trustOrigin: service.url }] }));
        const sent = { ...each[0], results: each.flatMap((s) => s.results) };
        assert.deepEqual(sent.results.map((r) => r.status), [200, 200, 400], JSON.stringify(sent.results.map((r) => r.failure)));
        assert.equal(sent.target?.baseUrl, service.url, 'sent to the environment\'s service');
        const options = { nonce: 'n', cspSource: 'vscode-resource:', redactor, now: Date.now(), environment: sent.target?.environment ?? undefined, target: sent.target?.baseUrl };
        pages.push(renderResponsePage(sent.results, options));
        for (const r of sent.results) {
          pages.push(renderResponsePage([r], { ...options, fromHistory: { savedAt: new Date().toISOString() } }));
          scopes = recordUsage(scopes, r, Date.now());
          snapshots.push({ usage: r.usage, label: r.title ?? r.name ?? '', at: Date.now(), environment });
        }
        pages.push(renderUsagePage(snapshots, usageNow(scopes, Date.now()), options));
        pages.push(renderHistoryPage(sent.results.map((r, i) => ({ key: `0:${i}`, savedAt: new Date().toISOString(), file: file, label: r.title ?? r.name ?? '', method: r.request?.method ?? '', url: r.request?.url ?? '', status: r.status, failure: r.failure?.message ?? null })), { nonce: 'n', cspSource: 'vscode-resource:', now: Date.now() }));
      }
    } finally {
      await client.shutdown();
    }
    const shown = new Set<string>();
    for (const html of pages) {
      assert.ok(!MARKUP.test(html), `markup from a field reached the page: ${/.{120}<i data-x.{40}/s.exec(html)?.[0]}`);
      for (const m of html.matchAll(/&lt;i data-x=\\?&quot;([\w-]+)\\?&quot;/g)) shown.add(m[1]);
    }
    assert.ok(pages.every((html) => ESCAPED.test(html)));
    // Every field is shown on some page, escaped (a JSON string's quotes escaped first); the variable
    // goes into a form-encoded body, so it is shown percent-encoded.
    for (const where of ['environment', 'defaultVersion', 'status-text', 'title', 'second-title', 'header-value', 'error-message', 'user-title', 'user-message', 'text-body', 'body-value', 'body-key', 'nested-key', 'nested-value']) {
      assert.ok(shown.has(where), `${where} is shown on a page (shown: ${[...shown].join(', ')})`);
    }
  });
});
