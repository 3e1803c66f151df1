// The language server on pathological input (issue 20, item 4), over stdio with a real JSON-RPC client:
//   - a 5 MB body with 100,000 findings (undocumented parameters): open -> diagnostics, a keystroke in
//     the body -> diagnostics, a keystroke in another request -> diagnostics, a hover on another
//     request sent with each (its latency: how long it waited behind the check), the server's CPU
//     time for each, and the server's main-thread CPU time until the hover's answer (load inflates it
//     far less than the wall time); the open in BENCH_ROUNDS fresh servers (a first open is what counts),
//     right after `initialized` (as for a file the editor restores at its start) and once the server
//     has been idle for a second (a file opened in a running session);
//   - inside that body: a hover, a quick fix and fix all once it is checked, and a hover and a quick
//     fix sent with a keystroke in it (each answered by the check worker on the desktop): wall time and
//     the server's main-thread CPU time until the answer;
//   - a large file of many requests (the findings reference file): a hover sent with didOpen, answered
//     while the file is checked in slices, and how long the check took in all;
//   - a body nested 10,000 deep: hover, completion and folding inside it.
// Usage: node bench/responsiveness.mjs [LARGE_FILE]   (prints JSON)
import * as fs from 'node:fs';
import { startStdioServer } from './stdioServer.mjs';

const [large] = process.argv.slice(2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The CPU time of the process's main thread alone (Linux schedstat, nanoseconds): not the check worker's nor the collector's threads. */
function mainThreadCpuMs(pid) {
  return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** 100,000 undocumented parameters in one ad set creation (5 MB), then a small request to hover on. */
export function bigBody(n = 100_000) {
  const members = [];
  for (let i = 0; i < n; i++) members.push(`  "undocumented_parameter_${String(i).padStart(6, '0')}_of_the_body": ${i}`);
  return `### big\nPOST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Big",\n${members.join(',\n')}\n}\n\n### other\nGET /v23.0/120200000000000002?fields=id,name\n`;
}

async function server() {
  const { child, conn, diagnosed: next } = startStdioServer();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await conn.sendNotification('initialized', {});
  const close = async () => {
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
  };
  return { child, conn, next, close };
}

/** Sends `notify` (an open or a change) and a hover at `position` right behind it: times to diagnostics and to the hover's answer, and CPU. */
async function withHover(s, uri, version, notify, position) {
  const cpu0 = cpuMs(s.child.pid);
  const main0 = mainThreadCpuMs(s.child.pid);
  const t = now();
  const diagnostics = s.next(version);
  await notify();
  let hoverCpuMs = 0;
  const hover = s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position }).then(() => {
    hoverCpuMs = mainThreadCpuMs(s.child.pid) - main0;
    return now() - t;
  });
  const d = await diagnostics;
  const ms = now() - t;
  return { ms, hoverMs: await hover, hoverCpuMs, cpuMs: cpuMs(s.child.pid) - cpu0, count: d.diagnostics.length };
}

const out = {};
{
  const text = bigBody();
  const uri = 'file:///bench/big.graphreq';
  const lines = text.split('\n');
  const other = { line: lines.findIndex((l) => l.startsWith('GET ')), character: 40 };
  const openIn = (s) => withHover(s, uri, 1, () => s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } }), other);
  const opens = [];
  const idleOpens = [];
  for (let i = 0; i < ROUNDS; i++) {
    const fresh = await server();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idleOpens.push(await openIn(fresh));
    await fresh.close();
    if (i === 0) continue;
    const cold = await server();
    opens.push(await openIn(cold));
    await cold.close();
  }
  const s = await server();
  opens.push(await openIn(s));
  const body = [];
  const elsewhere = [];
  let version = 1;
  for (let i = 0; i < ROUNDS * 2; i++) {
    // A letter typed into the body's first member, then deleted; the same on the other request's line.
    const inBody = i % 2 === 0;
    for (const [list, line] of [[body, 5], [elsewhere, other.line + 1]]) {
      version++;
      const change = inBody ? { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: ' ' } : { range: { start: { line, character: 0 }, end: { line, character: 1 } }, text: '' };
      list.push(await withHover(s, uri, version, () => s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] }), other));
    }
  }
  // Inside the body (a member's name, and the request line, where the body's one finding with a fix is).
  const timed = async (send) => {
    const main0 = mainThreadCpuMs(s.child.pid);
    const t = now();
    await send();
    return { ms: now() - t, mainCpuMs: mainThreadCpuMs(s.child.pid) - main0 };
  };
  const inBodyPosition = { line: 8, character: 5 };
  const hoverInBody = () => s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: inBodyPosition });
  const quickFix = () => s.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 1, character: 5 }, end: { line: 1, character: 6 } }, context: { diagnostics: [] } });
  const fixAll = () => s.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } });
  const inside = { hover: [], quickFix: [], fixAll: [], hoverWithKeystroke: [], quickFixWithKeystroke: [] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const [list, send] of [[inside.hover, hoverInBody], [inside.quickFix, quickFix], [inside.fixAll, fixAll]]) list.push(await timed(send));
    for (const [list, send] of [[inside.hoverWithKeystroke, hoverInBody], [inside.quickFixWithKeystroke, quickFix]]) {
      version++;
      const diagnosed = s.next(version);
      const change = { range: { start: { line: 5, character: 0 }, end: { line: 5, character: version % 2 ? 1 : 0 } }, text: version % 2 ? '' : ' ' };
      list.push(await timed(async () => {
        await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        await send();
      }));
      await diagnosed;
    }
  }
  const summary = (xs) => ({ ms: median(xs.map((x) => x.ms)), cpuMs: median(xs.map((x) => x.cpuMs)), hoverMs: median(xs.map((x) => x.hoverMs)), hoverCpuMs: median(xs.map((x) => x.hoverCpuMs)), diagnostics: xs[0].count });
  out.bigBody = { bytes: Buffer.byteLength(text), findingsInBody: 100_000, open: summary(opens), openAfterIdle: summary(idleOpens), keystrokeInBody: summary(body), keystrokeElsewhere: summary(elsewhere), insideTheBody: Object.fromEntries(Object.entries(inside).map(([k, xs]) => [k, { ms: median(xs.map((x) => x.ms)), mainCpuMs: median(xs.map((x) => x.mainCpuMs)) }])) };
  await s.close();
}

if (large) {
  const text = fs.readFileSync(large, 'utf8');
  const uri = 'file:///bench/large.graphreq';
  const lines = text.split('\n');
  const s = await server();
  const r = await withHover(s, uri, 1, () => s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } }), { line: lines.length - 3, character: 1 });
  out.largeFile = { bytes: Buffer.byteLength(text), openMs: r.ms, hoverDuringOpenMs: r.hoverMs, hoverCpuMs: r.hoverCpuMs, cpuMs: r.cpuMs, diagnostics: r.count };
  await s.close();
}

{
  const depth = 10_000;
  const text = `### deep\nPOST /v23.0/act_1234567890/adsets\n\n{ "targeting": ${'{ "a": '.repeat(depth)}1${' }'.repeat(depth)} }\n`;
  const uri = 'file:///bench/deep.graphreq';
  const s = await server();
  const d = s.next(1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
  const diagnostics = (await d).diagnostics.map((x) => x.code);
  const position = { line: 3, character: Math.floor(text.split('\n')[3].length / 2) };
  const time = async (method, params) => {
    const t = now();
    await s.conn.sendRequest(method, { textDocument: { uri }, ...params });
    return now() - t;
  };
  out.deepBody = {
    bytes: Buffer.byteLength(text),
    depth,
    diagnostics,
    hoverMs: await time('textDocument/hover', { position }),
    completionMs: await time('textDocument/completion', { position }),
    foldingMs: await time('textDocument/foldingRange', {}),
    selectionMs: await time('textDocument/selectionRange', { positions: [position] }),
  };
  await s.close();
}
console.log(JSON.stringify(out));
