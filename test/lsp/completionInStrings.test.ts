/**
 * Completion inside JSON strings as every client applies it: over stdio, each item carries a textEdit
 * whose range is the text between the quotes and whose text is bare (the closing quote added only
 * when the string has none). A client that honours the whole edit (VS Code, nvim-cmp, Emacs) and one
 * that honours only its start and keeps the text after the cursor (Neovim's omnifunc, 0.7 to 0.10)
 * both end with one pair of quotes. A client without snippets (Neovim 0.7's default) gets a key
 * alone, since it cannot place the cursor in a value placeholder.
 */
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-protocol';
import { unmark } from '../helpers';
import { LspClient } from './lspClient';

const HEAD = 'POST /v23.0/act_1/adsets\n\n';

/** Line and character of an offset of `text`. */
function position(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** The text after applying `edit` (single line, as the server sends them). */
function applyWhole(text: string, edit: TextEdit): string {
  const lines = text.split('\n');
  const { start, end } = edit.range;
  assert.equal(start.line, end.line, 'one-line edits');
  const l = lines[start.line];
  lines[start.line] = l.slice(0, start.character) + edit.newText + l.slice(end.character);
  return lines.join('\n');
}

/** What Neovim's omnifunc does: the text from the edit's start to the cursor becomes newText; the rest stays. */
function applyFromStart(text: string, edit: TextEdit, cursor: { line: number; character: number }): string {
  const lines = text.split('\n');
  const l = lines[cursor.line];
  lines[cursor.line] = l.slice(0, edit.range.start.character) + edit.newText + l.slice(cursor.character);
  return lines.join('\n');
}

describe('completion inside JSON strings, over stdio', () => {
  const clients: LspClient[] = [];
  after(async () => {
    for (const c of clients) assert.equal(await c.shutdown(), 0);
  });

  async function complete(marked: string, snippets: boolean): Promise<{ text: string; cursor: { line: number; character: number }; items: CompletionItem[] }> {
    const client = new LspClient();
    clients.push(client);
    await client.initialize(null, snippets);
    const { text, cursor } = unmark(HEAD + marked);
    const uri = `file:///tmp/strings-${clients.length}.graphreq`;
    await client.open(uri, text);
    const pos = position(text, cursor!);
    const r = await client.request<CompletionList | CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: pos });
    return { text, cursor: pos, items: Array.isArray(r) ? r : r.items };
  }

  function item(items: CompletionItem[], label: string): CompletionItem & { textEdit: TextEdit } {
    const found = items.find((i) => i.label === label);
    assert.ok(found?.textEdit && 'range' in found.textEdit, `an item ${label} with a textEdit: ${items.map((i) => i.label).join(',')}`);
    return found as CompletionItem & { textEdit: TextEdit };
  }

  const valueCases: Array<[string, string, string, string]> = [
    ['{ "billing_event": "‸" }', 'IMPRESSIONS', '{ "billing_event": "IMPRESSIONS" }', 'the closing quote typed or auto-paired'],
    ['{ "billing_event": "IMP‸" }', 'IMPRESSIONS', '{ "billing_event": "IMPRESSIONS" }', 'a prefix typed'],
    ['{ "billing_event": "IMP‸ }', 'IMPRESSIONS"', '{ "billing_event": "IMPRESSIONS" }', 'no closing quote: it is added, and the brace stays'],
    ['{\n  "billing_event": "‸\n}', 'IMPRESSIONS"', '{\n  "billing_event": "IMPRESSIONS"\n}', 'an open string at the end of its line'],
  ];
  for (const [marked, newText, expected, what] of valueCases) {
    it(`an enum value in a string: ${what}`, async () => {
      const { text, cursor, items } = await complete(marked, true);
      const it = item(items, 'IMPRESSIONS');
      assert.equal(it.filterText, undefined, 'the label filters: the range starts after the quote');
      assert.equal(it.textEdit.newText, newText);
      assert.equal(applyWhole(text, it.textEdit), HEAD + expected);
      assert.equal(applyFromStart(text, it.textEdit, cursor), HEAD + expected, 'a client that keeps the text after the cursor');
      // Every item starts its edit at the same place, so Neovim's omnifunc takes that start.
      assert.equal(new Set(items.map((i) => (i.textEdit as TextEdit).range.start.character)).size, 1);
    });
  }

  it('exact edits: the range is the text between the quotes', async () => {
    const { items } = await complete('{ "billing_event": "IMP‸S" }', true);
    assert.deepEqual(item(items, 'IMPRESSIONS').textEdit, { range: { start: { line: 2, character: 20 }, end: { line: 2, character: 24 } }, newText: 'IMPRESSIONS' });
    const open = await complete('{ "billing_event": "IM‸ }', true);
    assert.deepEqual(item(open.items, 'IMPRESSIONS').textEdit, { range: { start: { line: 2, character: 20 }, end: { line: 2, character: 22 } }, newText: 'IMPRESSIONS"' });
  });

  /** The items a client keeps when it filters as LSP says: filterText (else the label) against the text of the edit's range up to the cursor. */
  function kept(text: string, items: CompletionItem[], cursor: { line: number; character: number }): string[] {
    return items.filter((i) => {
      const edit = i.textEdit as TextEdit;
      const typed = text.split('\n')[cursor.line].slice(edit.range.start.character, cursor.character);
      return (i.filterText ?? i.label).toLowerCase().startsWith(typed.toLowerCase());
    }).map((i) => i.label);
  }

  const bareCases: Array<[string, string, string[], string, string]> = [
    ['{ "bid_strategy": LOWEST‸ }', 'LOWEST_COST_WITHOUT_CAP', ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'LOWEST_COST_WITH_MIN_ROAS'], '{ "bid_strategy": "LOWEST_COST_WITHOUT_CAP" }', 'before a closing brace'],
    ['{ "bid_strategy": LOWEST‸', 'LOWEST_COST_WITH_BID_CAP', ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'LOWEST_COST_WITH_MIN_ROAS'], '{ "bid_strategy": "LOWEST_COST_WITH_BID_CAP"', 'at the end of the file'],
    ['{\n  "bid_strategy": co‸\n}', 'COST_CAP', ['COST_CAP'], '{\n  "bid_strategy": "COST_CAP"\n}', 'on its own line, in lower case'],
    ['{ "status": P‸, "name": "x" }', 'PAUSED', ['PAUSED'], '{ "status": "PAUSED", "name": "x" }', 'before the next member'],
    ['{ "status": ‸ }', 'ACTIVE', ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'], '{ "status": "ACTIVE" }', 'nothing typed yet'],
    // The last request of a file, its object not closed yet: the blanks after the colon are the body's.
    ['{ "status": ‸', 'PAUSED', ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'], '{ "status": "PAUSED"', 'nothing typed yet, at the end of the file'],
    ['{\n  "status": ‸\n', 'PAUSED', ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'], '{\n  "status": "PAUSED"\n', 'nothing typed yet, a line break and the end of the file after it'],
  ];
  for (const [marked, label, offered, expected, what] of bareCases) {
    it(`a value typed without its opening quote: the edit quotes it, the items filter on the bare value (${what})`, async () => {
      for (const snippets of [true, false]) {
        const { text, cursor, items } = await complete(marked, snippets);
        const it = item(items, label);
        assert.equal(it.filterText, label, 'filtered on the value as typed, without quotes');
        assert.equal(it.textEdit.newText, JSON.stringify(label));
        assert.deepEqual([...kept(text, items, cursor)].sort(), [...offered].sort(), 'what a client that filters by filterText keeps');
        assert.equal(applyWhole(text, it.textEdit), HEAD + expected);
      }
    });
  }

  it('exact edits of a value typed without its opening quote: the range is the word typed', async () => {
    const { items } = await complete('{ "bid_strategy": LOWEST‸ }', false);
    assert.deepEqual(
      items.filter((i) => i.label.startsWith('LOWEST_COST_WITH')).map((i) => ({ label: i.label, filterText: i.filterText, textEdit: i.textEdit })),
      ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'LOWEST_COST_WITH_MIN_ROAS'].map((v) => ({ label: v, filterText: v, textEdit: { range: { start: { line: 2, character: 18 }, end: { line: 2, character: 24 } }, newText: `"${v}"` } })),
    );
  });

  it('a key in a string: with snippets, the key and its value from after the opening quote', async () => {
    const { text, items } = await complete('{ "bil‸" }', true);
    const it = item(items, 'billing_event');
    assert.equal(it.insertTextFormat, 2);
    assert.deepEqual(it.textEdit.range, { start: { line: 2, character: 3 }, end: { line: 2, character: 7 } }, 'from after the opening quote through the closing one');
    assert.match(it.textEdit.newText, /^billing_event": "\$\{1\|/);
    assert.equal(applyWhole(text, it.textEdit).split('\n')[2].replace(/\$\{1\|([^,|]*)[^}]*\}/, '$1').replace('$0', ''), '{ "billing_event": "APP_INSTALLS" }');
  });

  it('a key in a string: without snippets (Neovim 0.7), the key alone, which any client inserts right', async () => {
    for (const [marked, expected] of [
      ['{ "bil‸" }', '{ "billing_event" }'],
      ['{ "bil‸ }', '{ "billing_event" }'],
    ] as const) {
      const { text, cursor, items } = await complete(marked, false);
      const it = item(items, 'billing_event');
      assert.equal(it.insertTextFormat, 1);
      assert.equal(it.command, undefined, 'no request for more completion: no value was inserted');
      assert.equal(applyWhole(text, it.textEdit), HEAD + expected);
      assert.equal(applyFromStart(text, it.textEdit, cursor), HEAD + expected);
    }
  });

  it('a key where the object is not closed yet, at the end of the file: after an opening brace, a comma, a line break', async () => {
    for (const marked of ['{ ‸', '{\n  ‸', '{ "name": "x", ‸', '{\n  "name": "x",\n  ‸', '{\n  "name": "x",\n  ‸\n']) {
      const { text, cursor, items } = await complete(marked, false);
      const it = item(items, 'status');
      assert.deepEqual(it.textEdit.range, { start: cursor, end: cursor }, JSON.stringify(marked));
      assert.match(it.textEdit.newText, /^"status": /);
      assert.equal(applyWhole(text, it.textEdit), HEAD + marked.replace('‸', it.textEdit.newText));
    }
    // After a closed body, nothing goes there.
    assert.deepEqual((await complete('{ "name": "x" }\n\n‸', false)).items, []);
  });

  it('a key that has a value already: only the key is replaced', async () => {
    for (const snippets of [true, false]) {
      const { text, items } = await complete('{\n  "name": "x",\n  "bil‸": "IMPRESSIONS"\n}', snippets);
      const it = item(items, 'billing_event');
      assert.equal(it.textEdit.newText, 'billing_event');
      assert.equal(applyWhole(text, it.textEdit), `${HEAD}{\n  "name": "x",\n  "billing_event": "IMPRESSIONS"\n}`);
    }
  });
});
