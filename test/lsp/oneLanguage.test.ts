/**
 * One language in the editor: the language server over stdio reads a request file as send reads it:
 * `{{$dotenv NAME}}` from the `.env` beside the file (checked again when it changes), `{{$processEnv
 * NAME}}` from the server's environment, a `< path` body relative to the file, a base-URL variable,
 * `??` lines and a Content-Type header; completion and hover of the built-ins.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CompletionList, Hover, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient, serverPath } from './lspClient';

const TEXT = [
  '@host = http://127.0.0.1:8990',
  '',
  '### Create',
  '# @nme create',
  'POST {{host}}/v23.0/act_1234567890/adsets',
  '?? status == 200',
  'Content-Type: application/json',
  'X-Account: {{$dotenv GRAPHREQ_VAR_ACCOUNT}}',
  '',
  '<@ ./bodies/create.json',
  '',
  '### Read',
  'GET {{host}}/v23.0/120200000000000002?fields=id&date_format={{$uuid}}',
  'X-Field: {{$processEnv GRAPHREQ_VAR_FIELD}}',
  'X-Home: {{$processEnv HOME}}',
  '',
].join('\n');

const codes = (p: PublishDiagnosticsParams): string[] => p.diagnostics.map((d) => `${d.code}@${d.range.start.line + 1}`).sort();

describe('the language server reads a request file as send does', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-one-'));
  const file = path.join(dir, 'requests', 'sale.graphreq');
  const uri = pathToFileURL(file).href;
  // The server's own environment holds GRAPHREQ_VAR_FIELD, as an editor started from a shell would pass it on.
  const client = new LspClient([serverPath, '--stdio'], { GRAPHREQ_VAR_FIELD: 'name' });
  let first: PublishDiagnosticsParams;

  before(async () => {
    fs.mkdirSync(path.join(dir, 'requests', 'bodies'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ $shared: {} }));
    fs.writeFileSync(path.join(dir, 'requests', 'bodies', 'create.json'), '{ "name": "Sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONZ", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }\n');
    fs.writeFileSync(file, TEXT);
    client.settings = { baseUrl: 'http://127.0.0.1:8990' };
    await client.initialize(pathToFileURL(dir).href);
    first = await client.open(uri, TEXT);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('diagnostics: the body file is checked (on its path), the base URL resolved, the other tools\' syntax named', () => {
    assert.deepEqual(codes(first), [
      'ADSET-ENUMS@10', // IMPRESSIONZ, inside bodies/create.json: shown on the `<@` line
      'REQ-BUILTIN-VARIABLE@13', // {{$uuid}}: did you mean {{$guid}}?
      'REQ-BUILTIN-VARIABLE@15', // HOME: not a variable graphreq may read
      'REQ-BUILTIN-VARIABLE@8', // GRAPHREQ_VAR_ACCOUNT is not in a .env file (there is none yet)
      'REQ-HEADER-DROPPED@7',
      'REQ-UNKNOWN-DIRECTIVE@4',
      'SYNTAX-ASSERTION@6',
    ]);
    const uuid = first.diagnostics.find((d) => d.code === 'REQ-BUILTIN-VARIABLE' && d.range.start.line === 12)!;
    assert.match(typeof uuid.message === 'string' ? uuid.message : uuid.message.value, /did you mean `\{\{\$guid\}\}`/);
  });

  it('a .env written beside the file is read when the editor reports the change', async () => {
    fs.writeFileSync(path.join(dir, 'requests', '.env'), 'GRAPHREQ_VAR_ACCOUNT=1234567890\nOTHER_SECRET=never-offered\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(path.join(dir, 'requests', '.env')).href, type: 1 }] });
    // The diagnostics published after the change (one published before it may still be on its way).
    const seen: string[][] = [];
    for (let i = 0; i < 4; i++) {
      seen.push(codes(await client.nextDiagnostics(uri)));
      if (!seen[seen.length - 1].includes('REQ-BUILTIN-VARIABLE@8')) break;
    }
    assert.ok(!seen[seen.length - 1].includes('REQ-BUILTIN-VARIABLE@8'), JSON.stringify(seen));
    assert.ok(seen[seen.length - 1].includes('ADSET-ENUMS@10'), 'the rest is still checked');
  });

  it('hover shows a built-in\'s value; completion offers the built-ins and the .env names', async () => {
    const fieldLine = TEXT.split('\n')[13];
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 13, character: fieldLine.indexOf('FIELD') + 1 } });
    assert.match(JSON.stringify(hover.contents), /Now: `name`/);
    const accountLine = TEXT.split('\n')[7];
    const names = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 7, character: accountLine.indexOf('GRAPHREQ_VAR_ACCOUNT') } });
    assert.deepEqual(names.items.map((i) => i.label), ['GRAPHREQ_VAR_ACCOUNT'], 'only the names graphreq may read');
    const line = TEXT.split('\n')[12];
    const all = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 12, character: line.indexOf('$uuid') + 1 } });
    const randomInt = all.items.find((i) => i.label === '$randomInt');
    assert.ok(randomInt && randomInt.insertTextFormat === 2, 'a snippet with its arguments');
  });
});
