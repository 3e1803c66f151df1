/**
 * An edit that changes no name keeps the file's written names and its file context (issue 26): a
 * keystroke in a request of a file of ten thousand rebuilt both from every block (about a third of
 * the language server's time an edit). Each test compares with what a fresh parse of the edited
 * text gives, so a name that did change is never missed.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, fileContextAfterEdit, type FileContext } from '../../server/src/core/analysis/fileContext';
import { writtenNames, type WrittenNames } from '../../server/src/core/analysis/names';
import { WorkspaceNames } from '../../server/src/core/analysis/workspaceNames';
import { parseDocument, updateDocument } from '../../server/src/core/syntax/parseDocument';
import type { GraphreqDocument } from '../../server/src/core/syntax/ast';
import type { Environment } from '../../server/src/core/types';

const request = (i: number, extra = ''): string => `### request ${i}\nPOST https://graph.facebook.com/{{version}}/act_1/adsets\nContent-Type: application/json\n\n{"name": "set ${i}", "status": "PAUSED"${extra}}\n\n`;
const TEXT = `@version = v23.0\n\n${Array.from({ length: 40 }, (_, i) => request(i)).join('')}`;
const ENV: Environment = { variables: {} };

/** The text and its parse after inserting `inserted` at `at` (an offset of `text`), through the incremental update. */
function edit(doc: GraphreqDocument, text: string, at: number, inserted: string, removed = 0): { doc: GraphreqDocument; text: string } {
  return { doc: updateDocument(doc, at, at + removed, inserted), text: text.slice(0, at) + inserted + text.slice(at + removed) };
}

const plain = (w: WrittenNames) => ({ keys: [...w.keys].sort(), requests: [...w.requests].sort(), definitions: [...w.definitions].sort() });
const contextOf = (c: FileContext) => ({ variables: [...c.variables].map(([k, v]) => [k, v.value, v.block]), names: [...c.names], signature: c.signature, duplicates: c.duplicates && [...c.duplicates], files: [...c.files] });

/** Edits that change no name: typing in a body, in a header, deleting a letter. */
const QUIET = (text: string): Array<[number, string, number?]> => [
  [text.indexOf('"set 20"') + 5, 'x'],
  [text.indexOf('Content-Type', text.indexOf('request 7')), 'X-'],
  [text.indexOf('"PAUSED"', text.indexOf('request 30')) + 2, '', 1],
];

/** Edits that do: a variable, a use, a request name, a request name that moves the ones below, a duplicate, a `< path` body. */
const LOUD = (text: string): Array<[number, string, number?]> => [
  [0, '@account = act_2\n'],
  [text.indexOf('"PAUSED"', text.indexOf('request 3')), '"{{campaign_prefix}}", "x": '],
  [text.indexOf('POST', text.indexOf('request 5')), '# @name five\n'],
  [text.indexOf('### request 2'), '\n\n'],
  [text.indexOf('POST', text.indexOf('request 9')), '# @name five\n'],
  [text.indexOf('{"name"', text.indexOf('request 15')), '< ./body.json', '{"name": "set 15", "status": "PAUSED"}'.length],
  [text.indexOf('{{version}}', text.indexOf('request 18')), '{{first.response.body.id}}', 11],
];

describe('an edit that changes no name', () => {
  it('keeps the written names of the parse before it; any other edit reads them again, as a fresh parse does', () => {
    for (const [at, ins, rm] of [...QUIET(TEXT), ...LOUD(TEXT)]) {
      // Each edit on a file that already has a request name after the edited place (its offset moves).
      const base = edit(parseDocument(TEXT), TEXT, TEXT.indexOf('POST', TEXT.indexOf('request 35')), '# @name last\n');
      writtenNames(base.doc);
      const after = edit(base.doc, base.text, at + 13 * Number(at > TEXT.indexOf('request 35')), ins, rm);
      assert.deepEqual(plain(writtenNames(after.doc)), plain(writtenNames(parseDocument(after.text))), `after inserting ${JSON.stringify(ins)}`);
    }
    const doc = parseDocument(TEXT);
    const before = writtenNames(doc);
    for (const [at, ins, rm] of QUIET(TEXT)) assert.equal(writtenNames(edit(doc, TEXT, at, ins, rm).doc), before, `inserting ${JSON.stringify(ins)} keeps them`);
    for (const [at, ins, rm] of LOUD(TEXT).slice(0, 3)) assert.notEqual(writtenNames(edit(doc, TEXT, at, ins, rm).doc), before, `inserting ${JSON.stringify(ins)} reads them again`);
  });

  it('keeps the file context (and its signature, the key of the cached results); any other edit builds it again, as a fresh parse does', () => {
    const names = new WorkspaceNames();
    const doc = parseDocument(TEXT);
    names.set('this.graphreq', doc);
    const scope = { names, file: 'this.graphreq' };
    const ctx = buildFileContext(doc, ENV, scope);
    for (const [at, ins, rm] of QUIET(TEXT)) assert.equal(fileContextAfterEdit({ doc, ctx }, edit(doc, TEXT, at, ins, rm).doc, ENV, scope), ctx, `inserting ${JSON.stringify(ins)} keeps it`);
    const env: Environment = { variables: {}, readFile: () => ({ ok: true, text: '{}' }) };
    for (const [at, ins, rm] of LOUD(TEXT)) {
      const after = edit(doc, TEXT, at, ins, rm);
      const got = fileContextAfterEdit({ doc, ctx: buildFileContext(doc, env, scope) }, after.doc, env, scope);
      assert.deepEqual(contextOf(got), contextOf(buildFileContext(parseDocument(after.text), env, scope)), `after inserting ${JSON.stringify(ins)}`);
    }
    // Another environment, another context.
    assert.notEqual(fileContextAfterEdit({ doc, ctx }, edit(doc, TEXT, QUIET(TEXT)[0][0], 'x').doc, { variables: { a: '1' } }, scope), ctx);
  });

  it('builds the context again when the file has a duplicate request name (its lines are in it) or a body file (read again at each build)', () => {
    const dup = TEXT.replace('POST', '# @name same\nPOST').replace(/(### request 4\n)POST/, '$1# @name same\nPOST');
    const file = TEXT.replace('{"name": "set 1", "status": "PAUSED"}', '< ./body.json');
    const env: Environment = { variables: {}, readFile: () => ({ ok: true, text: '{}' }) };
    for (const text of [dup, file]) {
      const doc = parseDocument(text);
      const ctx = buildFileContext(doc, env);
      const at = text.indexOf('"set 20"') + 5;
      const after = edit(doc, text, text.indexOf('### request 2\n'), '\n');
      assert.notEqual(fileContextAfterEdit({ doc, ctx }, edit(doc, text, at, 'x').doc, env), ctx);
      assert.deepEqual(contextOf(fileContextAfterEdit({ doc, ctx }, after.doc, env)), contextOf(buildFileContext(parseDocument(after.text), env)));
    }
  });
});
