// Editor features on the large file over stdio with a real JSON-RPC client (vscode-languageserver-protocol):
//   - inlay hints of one screen (60 lines) at 100 seeded random positions, as an editor asks for the
//     visible range when it scrolls: median and p95, and the first request after a one-character edit
//     (the file's context is derived again for the new version), median of 20 edits;
//   - formatting the whole document (textDocument/formatting), median of 5, with the edits' count;
//     and range formatting of one screen at 20 seeded positions.
// The file is opened in a workspace folder with a graphreq.env.json naming a currency, so budgets and
// bids get their currency hints as users see them.
// Usage: node bench/editorFeatures.mjs LARGE_FILE   (prints JSON; BENCH_SERVER_NODE_ARGS passes options to the server's node)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStdioServer } from './stdioServer.mjs';

const [large] = process.argv.slice(2);
const SCREEN = 60;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const p95 = (xs) => sorted(xs)[Math.floor(xs.length * 0.95)];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-bench-editor-'));
const file = path.join(dir, 'adsets.graphreq');
const text = fs.readFileSync(large, 'utf8');
fs.writeFileSync(file, text);
fs.writeFileSync(path.join(dir, 'graphreq.env.json'), '{ "$shared": { "currency": "USD" } }\n');
const uri = pathToFileURL(file).href;
const lines = text.split('\n');

const { child, conn, diagnosed } = startStdioServer();

await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'bench' }], capabilities: { workspace: { configuration: true } } });
await conn.sendNotification('initialized', {});
const opened = diagnosed(1);
await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
await opened;

const out = { lines: lines.length, screenLines: SCREEN };
let seed = 12345;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const screenAt = (line) => ({ start: { line, character: 0 }, end: { line: Math.min(line + SCREEN, lines.length - 1), character: 0 } });

// Inlay hints of a screen at 100 positions; the first few warm the server up.
const hints = [];
let hintCount = 0;
for (let i = 0; i < 104; i++) {
  const range = screenAt(Math.floor(rnd() * (lines.length - SCREEN)));
  const t = now();
  const h = await conn.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range });
  if (i >= 4) {
    hints.push(now() - t);
    hintCount += h.length;
  }
}
out.inlayHintsMedianMs = median(hints);
out.inlayHintsP95Ms = p95(hints);
out.inlayHintsPerScreen = hintCount / hints.length;

// The first hints after an edit: typing a letter into a name in the middle of the file, then deleting it.
const middle = lines.findIndex((l, i) => i > lines.length / 2 && l.includes('"name": "'));
const at = { line: middle, character: lines[middle].indexOf('"name": "') + 9 };
const afterEdit = [];
let version = 1;
for (let i = 0; i < 24; i++) {
  version++;
  const change = i % 2 === 0 ? { range: { start: at, end: at }, text: 'x' } : { range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: '' };
  const checked = diagnosed(version);
  await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
  const t = now();
  await conn.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: screenAt(Math.max(0, middle - SCREEN / 2)) });
  if (i >= 4) afterEdit.push(now() - t);
  await checked;
}
out.inlayHintsAfterEditMedianMs = median(afterEdit);

// Whole-document formatting (the generated file is formatted as people write it, not as the formatter would).
const formats = [];
for (let i = 0; i < 6; i++) {
  const t = now();
  const edits = await conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  if (i >= 1) formats.push(now() - t);
  out.formatEdits = edits.length;
}
out.formatMedianMs = median(formats);
out.formatMaxMs = Math.max(...formats);

// Range formatting of one screen.
const ranges = [];
for (let i = 0; i < 24; i++) {
  const t = now();
  await conn.sendRequest('textDocument/rangeFormatting', { textDocument: { uri }, range: screenAt(Math.floor(rnd() * (lines.length - SCREEN))), options: { tabSize: 2, insertSpaces: true } });
  if (i >= 4) ranges.push(now() - t);
}
out.rangeFormatMedianMs = median(ranges);

await conn.sendRequest('shutdown');
await conn.sendNotification('exit');
fs.rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(out));
