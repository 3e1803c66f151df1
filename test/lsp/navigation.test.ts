/**
 * Navigation and rename over stdio with a real JSON-RPC client, in a workspace folder on disk:
 * graphreq.env.json, an open request file and one that is not open. Ranges and edits are exact.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { DocumentHighlight, Location, LocationLink, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const ENV = `{
  "$shared": { "account": "1234567890", "version": "v23.0" },
  "local": { "account": "111" }
}
`;
const MAIN = `@ver = v23.0

### Create
# @name create
POST /{{ver}}/act_{{account}}/adsets

{ "name": "Spring sale", "campaign_id": "1", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read
GET /{{ver}}/{{create.response.body.id}}?fields=id
`;
const OTHER = `GET /v23.0/act_{{account}}/adsets?fields=id\n`;

const range = (sl: number, sc: number, el: number, ec: number): Range => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

describe('navigation and rename over stdio', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-nav-'));
  const envUri = pathToFileURL(path.join(dir, 'graphreq.env.json')).href;
  const mainUri = pathToFileURL(path.join(dir, 'main.graphreq')).href;
  const otherUri = pathToFileURL(path.join(dir, 'sub', 'other.graphreq')).href;
  const client = new LspClient();

  before(async () => {
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), ENV);
    fs.writeFileSync(path.join(dir, 'main.graphreq'), MAIN);
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'sub', 'other.graphreq'), OTHER);
    client.settings = { environment: 'local' };
    const init = await client.initialize(pathToFileURL(dir).href);
    assert.equal(init.capabilities.definitionProvider, true);
    assert.equal(init.capabilities.referencesProvider, true);
    assert.equal(init.capabilities.documentHighlightProvider, true);
    assert.deepEqual(init.capabilities.renameProvider, { prepareProvider: true });
    await client.open(mainUri, MAIN);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('goes from a file variable to its definition', async () => {
    const defs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: mainUri }, position: { line: 4, character: 9 } });
    assert.deepEqual(defs, [{ uri: mainUri, range: range(0, 1, 0, 4) }]);
  });

  it('goes from an environment variable into graphreq.env.json, to the current environment\'s key', async () => {
    const defs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: mainUri }, position: { line: 4, character: 21 } });
    assert.deepEqual(defs, [{ uri: envUri, range: range(2, 14, 2, 21) }]);
  });

  it('goes from a named response to its request, and from its path to the request line', async () => {
    const onName = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: mainUri }, position: { line: 9, character: 14 } });
    assert.deepEqual(onName, [{ uri: mainUri, range: range(3, 8, 3, 14) }]);
    const onPath = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: mainUri }, position: { line: 9, character: 32 } });
    assert.deepEqual(onPath, [{ uri: mainUri, range: range(4, 0, 4, 36) }]);
  });

  it('answers with links (and the origin range) to a client that supports them', async () => {
    const links = new LspClient();
    await links.initialize(pathToFileURL(dir).href, true, { definition: { linkSupport: true } });
    await links.open(mainUri, MAIN);
    const defs = await links.request<LocationLink[]>('textDocument/definition', { textDocument: { uri: mainUri }, position: { line: 9, character: 32 } });
    assert.deepEqual(defs, [{ originSelectionRange: range(9, 31, 9, 38), targetUri: mainUri, targetRange: range(4, 0, 4, 36), targetSelectionRange: range(4, 0, 4, 36) }]);
    assert.equal(await links.shutdown(), 0);
  });

  it('finds the references of an environment variable in the file, in unopened files and in graphreq.env.json', async () => {
    const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: mainUri }, position: { line: 4, character: 21 }, context: { includeDeclaration: true } });
    const sorted = refs.map((r) => `${r.uri.split('/').pop()} ${r.range.start.line}:${r.range.start.character}-${r.range.end.line}:${r.range.end.character}`).sort();
    assert.deepEqual(sorted, ['graphreq.env.json 1:16-1:23', 'graphreq.env.json 2:14-2:21', 'main.graphreq 4:20-4:27', 'other.graphreq 0:17-0:24']);
  });

  it('highlights a named request and its uses', async () => {
    const hl = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument: { uri: mainUri }, position: { line: 3, character: 10 } });
    assert.deepEqual(hl, [{ range: range(3, 8, 3, 14), kind: 3 }, { range: range(9, 15, 9, 21), kind: 2 }]);
  });

  it('prepares a rename with the name\'s range, and refuses what cannot be renamed with a message', async () => {
    const prep = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: mainUri }, position: { line: 0, character: 2 } });
    assert.deepEqual(prep, { range: range(0, 1, 0, 4), placeholder: 'ver' });
    await assert.rejects(client.request('textDocument/prepareRename', { textDocument: { uri: mainUri }, position: { line: 8, character: 1 } }), /Only variables and named requests/);
  });

  it('renames an environment variable across the file, the unopened file and graphreq.env.json in one edit', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: mainUri }, position: { line: 4, character: 21 }, newName: 'ad_account' });
    assert.deepEqual(edit.changes, {
      [mainUri]: [{ range: range(4, 20, 4, 27), newText: 'ad_account' }],
      [envUri]: [
        { range: range(1, 16, 1, 23), newText: 'ad_account' },
        { range: range(2, 14, 2, 21), newText: 'ad_account' },
      ],
      [otherUri]: [{ range: range(0, 17, 0, 24), newText: 'ad_account' }],
    });
  });

  it('renames a named request and refuses a clashing name', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: mainUri }, position: { line: 9, character: 15 }, newName: 'made' });
    assert.deepEqual(edit.changes, { [mainUri]: [{ range: range(3, 8, 3, 14), newText: 'made' }, { range: range(9, 15, 9, 21), newText: 'made' }] });
    await assert.rejects(client.request('textDocument/rename', { textDocument: { uri: mainUri }, position: { line: 0, character: 2 }, newName: 'account' }), /graphreq.env.json: a file variable of that name would hide it/);
  });
});
