// Language server figures over stdio with a real JSON-RPC client: start to first diagnostics on a
// small file; opening the large file; one-character edits in its middle (didChange ->
// publishDiagnostics); completion and hover at random positions; the server's memory.
// Usage: node bench/lsp.mjs LARGE_FILE SMALL_FILE   (prints JSON)
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const [large, small] = process.argv.slice(2);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

function start() {
  const child = spawn(process.execPath, ['dist/server.js', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].uri === p.uri && waiters[i].version === p.version) waiters.splice(i, 1)[0].resolve(p);
  });
  conn.onRequest('workspace/configuration', () => [{}]);
  conn.listen();
  const next = (uri, version) => new Promise((resolve) => waiters.push({ uri, version, resolve }));
  return { child, conn, next };
}

async function init(s) {
  await s.conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } } } } });
  await s.conn.sendNotification('initialized', {});
}

function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function positionAt(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

const out = {};
// Start to first diagnostics on a small file (a fresh process).
{
  const t0 = now();
  const s = start();
  await init(s);
  const uri = 'file:///bench/small.graphreq';
  const first = s.next(uri, 1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: fs.readFileSync(small, 'utf8') } });
  await first;
  out.startToFirstDiagnosticsMs = now() - t0;
  await s.conn.sendRequest('shutdown');
  await s.conn.sendNotification('exit');
}
// The large file.
{
  const s = start();
  await init(s);
  const text = fs.readFileSync(large, 'utf8');
  const uri = 'file:///bench/large.graphreq';
  let t = now();
  const opened = s.next(uri, 1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
  await opened;
  out.openLargeMs = now() - t;
  // One-character edits in the middle of the file: type a letter into a request's name, then delete it.
  const middle = text.indexOf('"name": "', Math.floor(text.length / 2)) + 9;
  const pos = positionAt(text, middle);
  const edits = [];
  let version = 1;
  for (let i = 0; i < 40; i++) {
    const insert = i % 2 === 0;
    const change = insert ? { range: { start: pos, end: pos }, text: 'x' } : { range: { start: pos, end: { line: pos.line, character: pos.character + 1 } }, text: '' };
    version++;
    const done = s.next(uri, version);
    t = now();
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
    await done;
    edits.push(now() - t);
  }
  out.editToDiagnosticsMedianMs = median(edits.slice(4));
  out.editToDiagnosticsP95Ms = p95(edits.slice(4));
  // Completion and hover at 100 random positions (a fixed seed keeps runs comparable).
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const completions = [];
  const hovers = [];
  for (let i = 0; i < 100; i++) {
    const p = positionAt(text, Math.floor(rnd() * text.length));
    t = now();
    await s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: p });
    completions.push(now() - t);
    t = now();
    await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: p });
    hovers.push(now() - t);
  }
  out.completionMedianMs = median(completions);
  out.hoverMedianMs = median(hovers);
  out.serverRssMb = rssMb(s.child.pid);
  await s.conn.sendRequest('shutdown');
  await s.conn.sendNotification('exit');
}
console.log(JSON.stringify(out));
