/**
 * Diagnostics over stdio with the real JSON-RPC client, in both models (issue 11): pushed
 * (`textDocument/publishDiagnostics`) to a client that does not offer pulling, pulled
 * (`textDocument/diagnostic` with resultId, `workspace/diagnostic`) by one that does. On the benchmark's
 * findings file they are the golden diagnostics (test/core/findingsGolden.test.ts), and after edits the
 * same as a full check of the edited text: the per-block results and the bytes kept per request
 * (lsp/diagnosticsRender.ts) never show a stale or misplaced diagnostic.
 */
import * as assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic, DocumentDiagnosticReport, PublishDiagnosticsParams, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol';
import { createProtocolConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-languageserver-protocol/node';
import { parseDocument, positionAt, validateDocument } from '../../server/src/core';
import { model } from '../helpers';
import { goldenLines } from '../core/findingsGolden.test';
import { LspClient, serverPath } from './lspClient';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const TEXT = fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8');
const GOLDEN = fs.readFileSync(path.join(fixtures, 'findings-300.golden.txt'), 'utf8').split('\n').filter(Boolean);
const URI = 'file:///tmp/graphreq-diagnostics-test/findings.graphreq';
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];
/** The golden is the file's own findings: without the account context the server reads from the embedded emulator's state (docs/format.md). */
const SETTINGS = { context: 'off' };

const lines = (ds: Diagnostic[]): string[] => goldenLines(ds.map((d) => ({ code: String(d.code), severity: SEVERITY[d.severity!], range: d.range })));

/** What a full check of `text` reports, as the server should send it: code, severity, range and message. */
function expected(text: string): string[] {
  const doc = parseDocument(text);
  return validateDocument(doc, { env: { variables: {} }, model })
    .map((f) => JSON.stringify([f.code, f.severity, positionAt(doc, f.span.start), positionAt(doc, f.span.end), f.message]))
    .sort();
}
const actual = (ds: Diagnostic[]): string[] => ds.map((d) => JSON.stringify([d.code, SEVERITY[d.severity!], d.range.start, d.range.end, d.message])).sort();

/** Edits in the middle of the file: a letter in a name, a line break (every later line moves), a typo in an enum value. */
function edits(): Array<{ offset: number; text: string }> {
  const at = TEXT.indexOf('"name": "', Math.floor(TEXT.length / 2)) + 9;
  return [
    { offset: at, text: 'x' },
    { offset: TEXT.indexOf('### ', at), text: '\n' },
    { offset: TEXT.indexOf('"PAUSED"', at) + 2, text: 'Z' },
  ];
}

/** Applies the edits one by one through `send`, checking each result against a full check of the text. */
async function editAndCompare(send: (version: number, change: object) => Promise<Diagnostic[]>): Promise<void> {
  let text = TEXT;
  let version = 1;
  const done: Array<{ offset: number; text: string }> = [];
  for (const e of edits()) {
    const doc = parseDocument(text);
    const pos = positionAt(doc, e.offset);
    text = text.slice(0, e.offset) + e.text + text.slice(e.offset);
    done.push(e);
    const got = await send(++version, { range: { start: pos, end: pos }, text: e.text });
    assert.deepEqual(actual(got), expected(text), `after inserting ${JSON.stringify(e.text)}`);
  }
  // Undone, last first: the golden again.
  let got: Diagnostic[] = [];
  for (const e of done.reverse()) {
    const doc = parseDocument(text);
    const start = positionAt(doc, e.offset);
    const end = positionAt(doc, e.offset + e.text.length);
    text = text.slice(0, e.offset) + text.slice(e.offset + e.text.length);
    got = await send(++version, { range: { start, end }, text: '' });
  }
  assert.equal(text, TEXT);
  assert.deepEqual(lines(got), GOLDEN);
}

describe('diagnostics pushed (a client without the pull model)', () => {
  const client = new LspClient();
  client.settings = SETTINGS;
  before(async () => {
    const init = await client.initialize();
    assert.equal(init.capabilities.diagnosticProvider, undefined, 'no pull model offered: none announced');
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
  });

  it('publishes the golden diagnostics on open, with rule links', async () => {
    const d = await client.open(URI, TEXT);
    assert.deepEqual(lines(d.diagnostics), GOLDEN);
    assert.deepEqual(actual(d.diagnostics), expected(TEXT));
    assert.ok(d.diagnostics.every((x) => x.source === 'graphreq' && x.codeDescription?.href.endsWith(`#${String(x.code).toLowerCase()}`)));
  });

  it('publishes what a full check gives after each edit, and the golden once the edits are undone', async () => {
    await editAndCompare(async (version, change) => (await client.change(URI, version, [change])).diagnostics);
  });
});

describe('diagnostics pulled (a client with the pull model)', () => {
  const client = new LspClient();
  client.settings = SETTINGS;
  let published = 0;
  before(async () => {
    const init = await client.initialize(null, true, { diagnostic: { dynamicRegistration: false } }, { workspace: { diagnostics: { refreshSupport: true } } });
    assert.deepEqual(init.capabilities.diagnosticProvider, { identifier: 'graphreq', interFileDependencies: true, workspaceDiagnostics: true });
    client.connection.onNotification('textDocument/publishDiagnostics', () => {
      published++;
    });
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
  });

  const pull = (previousResultId?: string): Promise<DocumentDiagnosticReport> => client.request('textDocument/diagnostic', { textDocument: { uri: URI }, previousResultId });

  it('answers the golden diagnostics with a resultId, then `unchanged` for that resultId', async () => {
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'graphreq', version: 1, text: TEXT } });
    const first = await pull();
    assert.equal(first.kind, 'full');
    if (first.kind !== 'full') return;
    assert.ok(first.resultId);
    assert.deepEqual(lines(first.items), GOLDEN);
    assert.deepEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId });
    assert.equal((await pull('an old one')).kind, 'full');
  });

  it('answers what a full check gives after each edit, with a new resultId', async () => {
    const seen = new Set<string>();
    await editAndCompare(async (version, change) => {
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [change] });
      const r = await pull([...seen].pop());
      assert.equal(r.kind, 'full');
      if (r.kind !== 'full') return [];
      assert.ok(r.resultId && !seen.has(r.resultId), 'a new result, a new resultId');
      seen.add(r.resultId);
      return r.items;
    });
  });

  it('answers workspace/diagnostic for the open documents not pulled one by one, `unchanged` where the client is current', async () => {
    const other = 'file:///tmp/graphreq-diagnostics-test/other.graphreq';
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: other, languageId: 'graphreq', version: 1, text: TEXT } });
    const ws = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    // The document the client pulls itself is not sent again.
    assert.deepEqual(ws.items.map((i) => i.uri), [other]);
    const [item] = ws.items;
    assert.equal(item.kind, 'full');
    assert.equal(item.version, 1);
    if (item.kind === 'full') assert.deepEqual(lines(item.items), GOLDEN);
    const again = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [{ uri: other, value: item.resultId }] });
    assert.deepEqual(again.items.map((i) => [i.uri, i.kind]), [[other, 'unchanged']]);
  });

  it('never pushes to a client that pulls', () => {
    assert.equal(published, 0);
  });
});

describe('diagnostics for a client that adds rule links itself', () => {
  const client = new LspClient();
  client.settings = SETTINGS;
  before(async () => {
    await client.initialize(null, true, {}, { initializationOptions: { ...SETTINGS, clientRuleLinks: true } });
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
  });

  it('sends neither source nor codeDescription, and the same diagnostics otherwise', async () => {
    const d = await client.open(URI, TEXT);
    assert.deepEqual(lines(d.diagnostics), GOLDEN);
    assert.ok(d.diagnostics.every((x) => x.source === undefined && x.codeDescription === undefined));
  });
});

describe('diagnostics for a client that does not show rule links (Neovim 0.7\'s capabilities)', () => {
  // What `vim.lsp.protocol.make_client_capabilities()` of Neovim 0.7.2 declares: no `codeDescriptionSupport`.
  const NVIM_07 = { publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] } } };

  it('pushes `source` without `codeDescription`, and the same diagnostics otherwise', async () => {
    const client = new LspClient();
    client.settings = SETTINGS;
    try {
      await client.initialize(null, true, NVIM_07);
      const d = await client.open(URI, TEXT);
      assert.deepEqual(lines(d.diagnostics), GOLDEN);
      assert.deepEqual(actual(d.diagnostics), expected(TEXT));
      assert.ok(d.diagnostics.every((x) => x.source === 'graphreq' && x.codeDescription === undefined));
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('sends the rule links to a pulling client that declares `codeDescriptionSupport` with its pull model', async () => {
    const client = new LspClient();
    client.settings = SETTINGS;
    try {
      await client.initialize(null, true, { publishDiagnostics: {}, diagnostic: { dynamicRegistration: false, codeDescriptionSupport: true } });
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'graphreq', version: 1, text: TEXT } });
      const pulled = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: URI } });
      assert.equal(pulled.kind, 'full');
      const items = pulled.kind === 'full' ? pulled.items : [];
      assert.deepEqual(lines(items), GOLDEN);
      assert.ok(items.every((x) => x.source === 'graphreq' && x.codeDescription?.href.endsWith(`#${String(x.code).toLowerCase()}`)));
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});

describe('diagnostics for a client that declares no diagnostic capability', () => {
  it('are sent without related information, tags and rule links, and are the same diagnostics otherwise', async () => {
    const client = new LspClient();
    client.settings = SETTINGS;
    try {
      await client.initialize(null, true, { publishDiagnostics: {} });
      const d = await client.open(URI, TEXT);
      assert.deepEqual(lines(d.diagnostics), GOLDEN);
      assert.deepEqual(actual(d.diagnostics), expected(TEXT));
      assert.ok(d.diagnostics.every((x) => x.source === 'graphreq' && x.codeDescription === undefined && x.relatedInformation === undefined && x.tags === undefined));
      // The file has both: a client that declares them is sent them (the golden client, above).
      const doc = parseDocument(TEXT);
      const findings = validateDocument(doc, { env: { variables: {} }, model });
      assert.ok(findings.some((f) => f.related?.length) && findings.some((f) => f.tags?.length));
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('a client that declares them is sent them', async () => {
    const client = new LspClient();
    client.settings = SETTINGS;
    try {
      await client.initialize();
      const d = await client.open(URI, TEXT);
      assert.ok(d.diagnostics.some((x) => x.relatedInformation?.length) && d.diagnostics.some((x) => x.tags?.length));
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});

describe('diagnostics over node IPC (the transport of the VS Code client)', () => {
  it('are the golden diagnostics, without rule links for a client that adds them', async () => {
    const child = fork(serverPath, ['--node-ipc'], { stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    connection.onRequest('workspace/configuration', () => [SETTINGS]);
    const published = new Promise<PublishDiagnosticsParams>((resolve) => connection.onNotification('textDocument/publishDiagnostics', resolve));
    connection.listen();
    try {
      await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { ...SETTINGS, clientRuleLinks: true } });
      await connection.sendNotification('initialized', {});
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'graphreq', version: 1, text: TEXT } });
      const d = await published;
      assert.deepEqual(lines(d.diagnostics), GOLDEN);
      assert.deepEqual(actual(d.diagnostics), expected(TEXT));
      assert.ok(d.diagnostics.every((x) => x.codeDescription === undefined));
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
    } finally {
      connection.dispose();
      child.kill();
    }
  });
});
