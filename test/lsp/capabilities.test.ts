/**
 * Every capability the server declares in `initialize` answers a real request over stdio, and the
 * methods it does not declare are not answered (issue 13: "every capability declared only when
 * implemented"). A capability added to server.ts without a probe here fails the first test.
 * Also completion over stdio: goal values ordered by the objective, nothing in undocumented sub-selections.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type {
  CodeAction,
  CodeLens,
  CompletionItem,
  CompletionList,
  DocumentDiagnosticReport,
  DocumentHighlight,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InitializeResult,
  InlayHint,
  Location,
  Position,
  SelectionRange,
  SemanticTokens,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const TEXT = `@version = v23.0

### Create
# @name create
# @objective OUTCOME_TRAFFIC
# Rules: ADSET-ENUMS
POST /{{version}}/act_1234567890/adsets

{
  "name":"Spring sale",
  "campaign_id": "120200000000000001",
  "daily_budget": 2000,
  "billing_event": "IMPRESSION",
  "destination_type": "WEBSITE",
  "optimization_goal": "REACH",
  "targeting": { "geo_locations": { "countries": ["US"] } },
  "status": "PAUSED"
}

### Read
GET /{{version}}/{{create.response.body.id}}?fields=id,name,issues_info{level}&date_preset=last_7d

### Thread
GET /{{version}}/t_100200300?fields=id,messages.source(PARTICIPANTS).limit(10)

### Refresh
POST /{{version}}/?id=https%3A%2F%2Fexample.com%2F
`;

const lines = TEXT.split('\n');
/** The position right after the first occurrence of `needle` (plus `delta` characters). */
function after_(needle: string, delta = 0): Position {
  const line = lines.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, needle);
  return { line, character: lines[line].indexOf(needle) + needle.length + delta };
}
/** The position of the first character of `needle`. */
function on(needle: string): Position {
  return after_(needle, -needle.length);
}
const MAX = { line: lines.length, character: 0 };
/** The findings of TEXT: the misspelt billing event, and the POST without scrape=true (a create, RULES.md URL-NO-CREATE-DELETE). */
const CODES = ['ADSET-ENUMS', 'URL-NO-CREATE-DELETE'];

/** The text after applying LSP edits (non-overlapping) to it. */
function applyEdits(text: string, edits: TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (p: Position): number => starts[p.line] + p.character;
  return [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start)).reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

describe('every declared capability answers a real request over stdio', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-caps-'));
  const file = path.join(dir, 'requests.graphreq');
  const uri = pathToFileURL(file).href;
  const textDocument = { uri };
  const client = new LspClient();
  let init: InitializeResult;

  before(async () => {
    fs.writeFileSync(file, TEXT);
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), '{ "$shared": { "currency": "USD" } }\n');
    init = await client.initialize(pathToFileURL(dir).href);
    await client.open(uri, TEXT);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One probe per capability: a request the capability promises an answer to, and what the answer must hold. */
  const probes: Record<string, () => Promise<void>> = {
    async textDocumentSync() {
      // `save`: the workspace's files are looked at again, and an environment's account context read, on save (never on a change).
      assert.deepEqual(init.capabilities.textDocumentSync, { openClose: true, change: 2, save: { includeText: false } });
      assert.deepEqual(client.diagnostics.get(uri)!.diagnostics.map((d) => d.code), CODES);
      // An incremental change (the missing S) is applied where it is made.
      const fixed = await client.change(uri, 2, [{ range: { start: after_('"IMPRESSION'), end: after_('"IMPRESSION') }, text: 'S' }]);
      assert.deepEqual(fixed.diagnostics.map((d) => d.code), CODES.slice(1));
      const back = await client.change(uri, 3, [{ range: { start: after_('"IMPRESSION'), end: after_('"IMPRESSION', 1) }, text: '' }]);
      assert.deepEqual(back.diagnostics.map((d) => d.code), CODES);
    },
    async completionProvider() {
      const declared = init.capabilities.completionProvider!;
      assert.equal(declared.resolveProvider, false);
      // Each trigger character, typed where it is meant for, brings a list.
      const where: Record<string, Position> = {
        '/': after_('POST /'),
        '?': after_('.id}}?'),
        '&': after_('{level}&'),
        '=': after_('date_preset='),
        '{': after_('issues_info{'),
        '.': after_('{{create.response.body.'),
        '(': after_('source('),
        '"': after_('"billing_event": "'),
        '@': after_('# @', 0),
        ':': after_('"status":'),
      };
      assert.deepEqual(Object.keys(where).sort(), [...declared.triggerCharacters!].sort());
      for (const [ch, position] of Object.entries(where)) {
        const list = await client.request<CompletionList>('textDocument/completion', { textDocument, position, context: { triggerKind: 2, triggerCharacter: ch } });
        assert.ok(list.items.length > 0, `nothing after ${ch}`);
      }
    },
    async hoverProvider() {
      const h = await client.request<Hover>('textDocument/hover', { textDocument, position: on('daily_budget') });
      assert.match((h.contents as { value: string }).value, /daily_budget/);
    },
    async codeActionProvider() {
      const kinds = (init.capabilities.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds;
      assert.deepEqual(kinds, ['quickfix', 'source.fixAll']);
      // The quick fix of the enum value, and "fix all" of the fix marked safe (the refresh's scrape=true).
      const [d, scrape] = client.diagnostics.get(uri)!.diagnostics;
      const quick = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
      assert.deepEqual(quick.map((a) => [a.kind, a.title]), [['quickfix', 'Change to `IMPRESSIONS`']]);
      const all = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument, range: d.range, context: { diagnostics: [d], only: ['source.fixAll'] } });
      assert.deepEqual(all.map((a) => a.kind), ['source.fixAll']);
      assert.match(applyEdits(TEXT, all[0].edit!.changes![uri]), /%2F&scrape=true\n$/);
      assert.equal(scrape.range.start.line, on('POST /{{version}}/?id=').line);
    },
    async documentSymbolProvider() {
      const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument });
      assert.equal(symbols.length, 4);
    },
    async foldingRangeProvider() {
      const ranges = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument });
      assert.ok(ranges.some((r) => r.startLine === lines.indexOf('{') && r.endLine === lines.indexOf('}')), JSON.stringify(ranges));
    },
    async codeLensProvider() {
      assert.deepEqual(init.capabilities.codeLensProvider, { resolveProvider: false });
      const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument });
      // No resolve: every lens comes with its command.
      assert.ok(lenses.length > 0 && lenses.every((l) => l.command?.command), JSON.stringify(lenses));
    },
    async semanticTokensProvider() {
      const full = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument });
      const range = await client.request<SemanticTokens>('textDocument/semanticTokens/range', { textDocument, range: { start: { line: 20, character: 0 }, end: { line: 21, character: 0 } } });
      assert.ok(full.data.length > range.data.length && range.data.length > 0);
    },
    async executeCommandProvider() {
      const commands = (init.capabilities.executeCommandProvider as { commands: string[] }).commands;
      const args: Record<string, unknown[]> = {
        'graphreq.send': [{ uri, index: 2 }],
        'graphreq.sendAll': [{ uri, index: 0 }],
        'graphreq.validateOnly': [{ uri, index: 1 }],
        'graphreq.cancel': [{ sendId: 'none' }],
        'graphreq.test': [{ uri, runId: 'caps' }],
        'graphreq.fetchContext': [{ uri }],
        'graphreq.importText': [{ text: 'curl https://graph.facebook.com/v23.0/me' }],
      };
      assert.deepEqual([...commands].sort(), Object.keys(args).sort());
      for (const command of commands) {
        const result = await client.request<unknown>('workspace/executeCommand', { command, arguments: args[command] });
        assert.ok(result !== undefined, command);
      }
    },
    async definitionProvider() {
      const defs = await client.request<Location[]>('textDocument/definition', { textDocument, position: after_('POST /{{', 1) });
      assert.deepEqual(defs.map((d) => d.range), [{ start: { line: 0, character: 1 }, end: { line: 0, character: 8 } }]);
    },
    async referencesProvider() {
      const refs = await client.request<Location[]>('textDocument/references', { textDocument, position: { line: 0, character: 2 }, context: { includeDeclaration: true } });
      assert.equal(refs.length, 5);
    },
    async documentHighlightProvider() {
      const hl = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument, position: { line: 0, character: 2 } });
      assert.equal(hl.length, 5);
    },
    async renameProvider() {
      assert.deepEqual(init.capabilities.renameProvider, { prepareProvider: true });
      const prepared = await client.request<{ range: unknown; placeholder: string }>('textDocument/prepareRename', { textDocument, position: after_('# @name ', 1) });
      assert.equal(prepared.placeholder, 'create');
      const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument, position: after_('# @name ', 1), newName: 'made' });
      assert.deepEqual(edit.changes![uri].map((e) => e.newText), ['made', 'made']);
    },
    async documentFormattingProvider() {
      const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } });
      const formatted = applyEdits(TEXT, edits);
      assert.match(formatted, /\n {2}"name": "Spring sale",\n/);
      assert.match(formatted, /\n {2}"targeting": \{ "geo_locations": \{ "countries": \["US"\] \} \},\n/);
      assert.equal(formatted.split('\n').slice(0, 8).join('\n'), lines.slice(0, 8).join('\n'));
    },
    async documentRangeFormattingProvider() {
      const edits = await client.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument, range: { start: on('"name"'), end: after_('Spring sale",') }, options: { tabSize: 2, insertSpaces: true } });
      assert.ok(edits.length > 0);
      assert.match(applyEdits(TEXT, edits), /\n {2}"name": "Spring sale",\n/);
    },
    async inlayHintProvider() {
      const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument, range: { start: { line: 0, character: 0 }, end: MAX } });
      assert.ok(hints.some((h) => h.position.line === on('"daily_budget"').line), JSON.stringify(hints));
    },
    async workspaceSymbolProvider() {
      const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'Thread' });
      assert.deepEqual(symbols.map((s) => [s.location.uri, s.location.range.start.line]), [[uri, on('### Thread').line + 1]]);
    },
    async documentLinkProvider() {
      assert.deepEqual(init.capabilities.documentLinkProvider, { resolveProvider: false });
      const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument });
      assert.ok(links.some((l) => l.range.start.line === on('# Rules: ADSET-ENUMS').line && /rules\.md#adset-enums$/.test(l.target!)), JSON.stringify(links));
    },
    async workspace() {
      // Folders added and removed are followed: test/lsp/workspaceFolders.test.ts sends them (this client declares no workspaceFolders).
      assert.deepEqual(init.capabilities.workspace, { workspaceFolders: { supported: true, changeNotifications: true } });
    },
    async selectionRangeProvider() {
      const [range] = await client.request<SelectionRange[]>('textDocument/selectionRange', { textDocument, positions: [after_('"daily_budget": ', 1)] });
      assert.ok(range.parent, 'a value grows outwards');
    },
  };

  it('has a probe for each capability it declares (a new capability needs one here)', () => {
    const declared = Object.keys(init.capabilities).filter((k) => k !== 'diagnosticProvider');
    assert.deepEqual(declared.filter((k) => !probes[k]), []);
    // The pull model is declared only to clients that offer it (its own test below).
    assert.equal(init.capabilities.diagnosticProvider, undefined);
  });

  for (const [capability, probe] of Object.entries(probes)) {
    it(`${capability} answers`, probe);
  }

  it('does not answer what it does not declare (resolve requests, signature help, on-type formatting, type definition)', async () => {
    const undeclared: Array<[string, unknown]> = [
      ['completionItem/resolve', { label: 'x' }],
      ['codeLens/resolve', { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }],
      ['documentLink/resolve', { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }],
      ['inlayHint/resolve', { position: { line: 0, character: 0 }, label: 'x' }],
      ['textDocument/signatureHelp', { textDocument, position: { line: 0, character: 0 } }],
      ['textDocument/onTypeFormatting', { textDocument, position: { line: 0, character: 0 }, ch: '}', options: { tabSize: 2, insertSpaces: true } }],
      ['textDocument/typeDefinition', { textDocument, position: { line: 0, character: 0 } }],
    ];
    for (const [method, params] of undeclared) {
      await assert.rejects(client.request(method, params), (e: { code?: number }) => e.code === -32601, method);
    }
  });

  it('declares and answers pull diagnostics to a client that offers them', async () => {
    const pull = new LspClient();
    try {
      const pulled = await pull.initialize(pathToFileURL(dir).href, true, { diagnostic: { dynamicRegistration: false } });
      assert.deepEqual(pulled.capabilities.diagnosticProvider, { identifier: 'graphreq', interFileDependencies: true, workspaceDiagnostics: true });
      await pull.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: TEXT } });
      const report = await pull.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument });
      assert.deepEqual(report.kind === 'full' ? report.items.map((d) => d.code) : report, CODES);
    } finally {
      assert.equal(await pull.shutdown(), 0);
    }
  });
});

describe('completion over stdio: goals by objective, undocumented sub-selections', () => {
  const uri = 'file:///tmp/graphreq-caps-completion/requests.graphreq';
  const client = new LspClient();
  before(async () => {
    await client.initialize();
    await client.open(uri, TEXT);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
  });

  const sorted = (items: CompletionItem[]): CompletionItem[] => [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0));

  it('offers the goals of the objective at its destination first, with exact edits, and the others after with the reason', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: after_('"optimization_goal": "', 1) });
    const items = sorted(list.items);
    const line = on('"optimization_goal"').line;
    // Inside the string: the text between the quotes, replaced by the bare value (docs/editors.md).
    const value = { start: { line, character: after_('"optimization_goal": "').character }, end: { line, character: after_('"optimization_goal": "REACH').character } };
    assert.deepEqual(items.slice(0, 4).map((i) => [i.label, i.detail, i.textEdit]), [
      ['LANDING_PAGE_VIEWS', 'allowed for the Traffic objective with conversion location Website', { range: value, newText: 'LANDING_PAGE_VIEWS' }],
      ['LINK_CLICKS', 'allowed for the Traffic objective with conversion location Website', { range: value, newText: 'LINK_CLICKS' }],
      ['IMPRESSIONS', 'allowed for the Traffic objective with conversion location Website', { range: value, newText: 'IMPRESSIONS' }],
      ['REACH', 'allowed for the Traffic objective with conversion location Website', { range: value, newText: 'REACH' }],
    ]);
    const thruplay = items.find((i) => i.label === 'THRUPLAY')!;
    assert.equal(thruplay.detail, 'not allowed for the Traffic objective with conversion location Website (ADSET-GOAL-FOR-OBJECTIVE)');
    assert.ok(items.indexOf(thruplay) > 3);
  });

  it('offers nothing inside a sub-selection the documents do not describe, and the documented subfields where they do', async () => {
    const line = on('GET /{{version}}/{{create').line;
    const edited = await client.change(uri, 2, [{ range: { start: after_('issues_info{level}'), end: after_('issues_info{level}') }, text: ',targeting{' }]);
    assert.ok(edited);
    const inside = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: after_('issues_info{level}', ',targeting{'.length) });
    assert.deepEqual(inside.items, []);
    const documented = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: after_('issues_info{') });
    assert.deepEqual(documented.items.map((i) => i.label), ['level', 'error_code', 'error_summary', 'error_message', 'error_type', 'additional_info']);
    assert.deepEqual(documented.items[1].textEdit, { range: { start: { line, character: after_('issues_info{').character }, end: { line, character: after_('issues_info{level').character } }, newText: 'error_code' });
  });
});
