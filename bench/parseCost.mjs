// The client's JSON.parse of one keystroke's pushed diagnostics, with the hints held back and with every hint
// (lsp/diagnostics.ts, QUIET_MS): both messages of the same edit, parsed in one process, median of 15.
// Usage: node bench/parseCost.mjs DIST_DIR LARGE_FILE   (after npm run build; prints JSON twice)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
const [dist, file] = process.argv.slice(2);
const child = spawn(process.execPath, [`${dist}/server.js`, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
let buf = Buffer.alloc(0); const msgs = []; let wake = () => {};
child.stdout.on('data', (c) => { buf = Buffer.concat([buf, c]); for (;;) { const e = buf.indexOf('\r\n\r\n'); if (e < 0) break; const n = Number(/Content-Length: (\d+)/.exec(buf.subarray(0, e).toString())[1]); if (buf.length < e + 4 + n) break; const body = buf.subarray(e + 4, e + 4 + n).toString(); buf = buf.subarray(e + 4 + n); const m = JSON.parse(body); if (m.id !== undefined && m.method) send({ jsonrpc: '2.0', id: m.id, result: m.method === 'workspace/configuration' ? [{ context: 'off' }] : null }); if (m.method === 'textDocument/publishDiagnostics') { msgs.push(body); wake(); } } });
const send = (m) => { const s = JSON.stringify(m); child.stdin.write(`Content-Length: ${Buffer.byteLength(s)}\r\n\r\n${s}`); };
const next = () => new Promise((r) => (wake = r));
const text = fs.readFileSync(file, 'utf8'); const uri = 'file:///b/large.graphreq';
send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {}, initializationOptions: { context: 'off' } } });
send({ jsonrpc: '2.0', method: 'initialized', params: {} });
send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'graphreq', version: 1, text } } });
await next();
const at = text.indexOf('"name": "', text.length >> 1) + 9; const before = text.slice(0, at); const line = before.split('\n').length - 1; const character = at - before.lastIndexOf('\n') - 1;
send({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }] } });
await next(); await next();
const [, quiet, whole] = msgs;
const time = (s) => { const t = []; for (let i = 0; i < 15; i++) { const a = performance.now(); JSON.parse(s); t.push(performance.now() - a); } return t.sort((x, y) => x - y)[7]; };
for (let r = 0; r < 2; r++) console.log(JSON.stringify({ quietMB: (quiet.length / 1e6).toFixed(2), quietParseMs: time(quiet).toFixed(1), wholeMB: (whole.length / 1e6).toFixed(2), wholeParseMs: time(whole).toFixed(1) }));
child.kill();
