/**
 * References of a response no file names any more (its request renamed or deleted in another file):
 * the uses were listed in the document alone, so after renaming `# @name createCampaign` in one file,
 * "find references" on `{{createCampaign.response...}}` did not show the other files still reading
 * it, which are the ones to fix. They are listed from every file of the workspace, as for a name that
 * a file gives.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Location } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const READER = 'GET /v23.0/{{gone.response.body.id}}?fields=id\n';

describe('references of a response that no file names', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-unnamedrefs-'));
  const uriOf = (name: string): string => pathToFileURL(path.join(dir, name)).href;
  const client = new LspClient();
  before(async () => {
    for (const name of ['a.graphreq', 'b.graphreq']) fs.writeFileSync(path.join(dir, name), READER);
    fs.writeFileSync(path.join(dir, 'c.graphreq'), 'GET /v23.0/me?fields=id\n');
    await client.initialize(pathToFileURL(dir).href);
    await client.open(uriOf('a.graphreq'), READER);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists the uses in every file of the workspace', async () => {
    const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: uriOf('a.graphreq') }, position: { line: 0, character: 14 }, context: { includeDeclaration: true } });
    const key = (l: Location): string => `${l.uri}#${l.range.start.line}:${l.range.start.character}-${l.range.end.character}`;
    assert.deepEqual(refs.map(key).sort(), [`${uriOf('a.graphreq')}#0:13-17`, `${uriOf('b.graphreq')}#0:13-17`]);
  });
});
