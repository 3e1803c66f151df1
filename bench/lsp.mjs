// Language server figures over stdio with a real JSON-RPC client (vscode-languageserver-protocol):
//   - start to first diagnostics on a small file;
//   - opening the large file (didOpen -> its diagnostics; the first page's, then all of them), with the
//     CPU time of the server's main thread until the first ones (which load on the machine inflates less);
//   - one-character edits in its middle, pushed (a client without the pull model, rule links sent):
//     server time as the server measures it (GRAPHREQ_TRACE_TIMING: from the change to the message
//     ready, and to the message written), as the client sees it (didChange sent -> first byte back),
//     and end to end (-> the client has parsed it and handed it over); the message's bytes per
//     diagnostic, the client's JSON.parse of it alone, and the server's CPU time per edit;
//   - the same edits pulled as VS Code's client does it: over stdio, textDocument/diagnostic with
//     resultId, rule links added by the client (`clientRuleLinks`); and a pull of an unchanged document;
//   - completion and hover at random positions; the server's memory after opening and after 100 edits.
// The account context is off (`graphreq.context: off`): the reference files are measured on their own
// findings, not on what the embedded emulator's state adds (every campaign of the files is unknown to it).
// Usage: node bench/lsp.mjs LARGE_FILE SMALL_FILE   (prints JSON; BENCH_DIST=DIR measures DIR/server.js)
import { fork, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { createProtocolConnection, IPCMessageReader, IPCMessageWriter, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const [large, small] = process.argv.slice(2);
const serverJs = `${process.env.BENCH_DIST ?? 'dist'}/server.js`;
/** Node options for the server started as VS Code starts it (BENCH_VSCODE_NODE_OPTIONS, space-separated: to try V8 heap flags). */
const vscodeNodeFlags = (process.env.BENCH_VSCODE_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const SETTINGS = { context: 'off' };
const EDITS = 100;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const p95 = (xs) => sorted(xs)[Math.floor(xs.length * 0.95)];

/**
 * A server and a client over stdio (`wire` records when bytes arrive, before the client's reader
 * parses them); `vscode`: started as VS Code's client starts it (client/src/serverLaunch.ts, and
 * vscode-languageclient's fork of a Node module over stdio), or over node IPC as it did before
 * 2026-11-28 (`BENCH_PULL_IPC=1`; no wire: Node parses each message).
 */
function start({ vscode = false } = {}) {
  const env = { ...process.env, GRAPHREQ_TRACE_TIMING: '1' };
  const ipc = vscode && !!process.env.BENCH_PULL_IPC;
  const child = ipc
    ? fork(serverJs, ['--node-ipc'], { stdio: ['pipe', 'pipe', 'inherit', 'ipc'], env })
    : vscode
      ? fork(serverJs, ['--stdio', `--clientProcessId=${process.pid}`], { stdio: ['pipe', 'pipe', 'inherit', 'ipc'], env, execArgv: vscodeNodeFlags })
      : spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const wire = { armed: false, chunks: [] };
  // Registered before the reader's own listener: it sees each chunk first, and notes when it came.
  child.stdout.on('data', (chunk) => {
    if (wire.armed) wire.chunks.push({ at: now(), chunk });
  });
  const conn = ipc ? createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child)) : createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].uri === p.uri && waiters[i].version === p.version) waiters.splice(i, 1)[0].resolve(p);
  });
  conn.onRequest('workspace/configuration', () => [SETTINGS]);
  // The server asks for a pull again once typing stops (a large document's hints: lsp/diagnostics.ts, QUIET_MS).
  const refreshes = [];
  conn.onRequest('workspace/diagnostic/refresh', () => {
    for (const r of refreshes.splice(0)) r();
    return null;
  });
  const refreshed = () => new Promise((resolve) => refreshes.push(resolve));
  // The server's own timings, by document version.
  const timings = new Map();
  // The versions whose first message was a first page (lsp/diagnostics.ts, FIRST_PAGE): the whole set follows.
  const firstPages = new Set();
  conn.onNotification('window/logMessage', (p) => {
    const page = /graphreq timing: first page v(\d+)/.exec(p.message);
    if (page) firstPages.add(Number(page[1]));
    const m = /graphreq timing: \w+ v(\d+) \d+ diagnostics ready ([\d.]+) ms(?: written ([\d.]+) ms)?/.exec(p.message);
    // The first message of a version: the one that answers the edit (its hints may follow once typing stops).
    if (m && !timings.has(Number(m[1]))) timings.set(Number(m[1]), { ready: Number(m[2]), written: m[3] === undefined ? undefined : Number(m[3]) });
  });
  conn.listen();
  const next = (uri, version) => new Promise((resolve) => waiters.push({ uri, version, resolve }));
  const arm = () => {
    wire.armed = true;
    wire.chunks = [];
  };
  /**
   * The largest message received since `arm` (the diagnostics; log lines may come with them): its
   * JSON body, and when its first byte arrived.
   */
  const disarm = () => {
    wire.armed = false;
    const all = Buffer.concat(wire.chunks.map((c) => c.chunk));
    let best = { start: 0, body: all.subarray(0, 0) };
    for (let at = 0; at < all.length; ) {
      const end = all.indexOf('\r\n\r\n', at);
      const length = Number(/Content-Length: (\d+)/.exec(all.subarray(at, end).toString('ascii'))?.[1]);
      if (end < 0 || !Number.isFinite(length)) break;
      const body = all.subarray(end + 4, end + 4 + length);
      if (body.length > best.body.length) best = { start: at, body };
      at = end + 4 + length;
    }
    let offset = 0;
    let firstByte = NaN;
    for (const c of wire.chunks) {
      if (offset + c.chunk.length > best.start) {
        firstByte = c.at;
        break;
      }
      offset += c.chunk.length;
    }
    return { firstByte, body: best.body };
  };
  return { child, conn, next, arm, disarm, timings, refreshed, firstPages };
}

async function init(s, extra = {}) {
  const capabilities = { textDocument: { completion: { completionItem: { snippetSupport: true } }, ...extra.textDocument }, workspace: { ...extra.workspace } };
  await s.conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities, initializationOptions: { ...SETTINGS, ...extra.initializationOptions } });
  await s.conn.sendNotification('initialized', {});
}

/** CPU time the process has used (user + system, all its threads), in ms: a figure load on the machine does not inflate. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
}

/** CPU time of the process's main thread alone (ms): the server's own work, without its collector's and compiler's threads. */
function mainThreadCpuMs(pid) {
  return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
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

/**
 * Typing a letter into a request's name in the middle of the file, then deleting it. The position is
 * found once, before any edit is timed: finding it splits 8 MB of text into lines (30-110 ms of the
 * client's own time and garbage, which the push figures counted as the edit's until 2026-11-28).
 */
function editsOf(text) {
  const pos = positionAt(text, text.indexOf('"name": "', Math.floor(text.length / 2)) + 9);
  const insert = { range: { start: pos, end: pos }, text: 'x' };
  const remove = { range: { start: pos, end: { line: pos.line, character: pos.character + 1 } }, text: '' };
  return (i) => (i % 2 === 0 ? insert : remove);
}

/** Figures of a series of edits: the first few warm the server up and are left out. */
function summary(server, e2e, parse, bytes, count, timings, versions) {
  server = server.length ? server : [NaN];
  const keep = (xs) => xs.slice(4);
  const own = keep(versions.map((v) => timings.get(v)).filter(Boolean));
  const written = own.map((t) => t.written).filter((x) => x !== undefined);
  return {
    serverReadyMedianMs: own.length ? median(own.map((t) => t.ready)) : NaN,
    serverReadyP95Ms: own.length ? p95(own.map((t) => t.ready)) : NaN,
    serverWrittenMedianMs: written.length ? median(written) : NaN,
    serverMedianMs: median(keep(server)),
    serverP95Ms: p95(keep(server)),
    e2eMedianMs: median(keep(e2e)),
    e2eP95Ms: p95(keep(e2e)),
    clientParseMedianMs: median(parse),
    messageBytes: bytes,
    diagnostics: count,
    bytesPerDiagnostic: count ? bytes / count : 0,
  };
}

function parseTime(body) {
  const times = [];
  const text = body.toString('utf8');
  for (let i = 0; i < 5; i++) {
    const t = now();
    JSON.parse(text);
    times.push(now() - t);
  }
  return median(times);
}

const out = {};
const text = fs.readFileSync(large, 'utf8');
const uri = 'file:///bench/large.graphreq';
const edit = editsOf(text);

// Start to first diagnostics on a small file (a fresh process).
{
  const t0 = now();
  const s = start();
  await init(s);
  const u = 'file:///bench/small.graphreq';
  const first = s.next(u, 1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: u, languageId: 'graphreq', version: 1, text: fs.readFileSync(small, 'utf8') } });
  await first;
  out.startToFirstDiagnosticsMs = now() - t0;
  await s.conn.sendRequest('shutdown');
  await s.conn.sendNotification('exit');
}

// The large file, pushed to a client that does not pull and shows rule links (`codeDescriptionSupport`),
// related information and tags, as full clients declare (Sublime LSP, Emacs lsp-mode; VS Code pulls).
{
  const s = start();
  await init(s, { textDocument: { publishDiagnostics: { codeDescriptionSupport: true, relatedInformation: true, tagSupport: { valueSet: [1, 2] } } } });
  let t = now();
  const openCpu = cpuMs(s.child.pid);
  const openMain = mainThreadCpuMs(s.child.pid);
  const opened = s.next(uri, 1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
  out.openSentMs = now() - t;
  const first = await opened;
  out.openLargeMs = now() - t;
  out.openFirstMainCpuMs = mainThreadCpuMs(s.child.pid) - openMain;
  out.openFirstDiagnostics = first.diagnostics.length;
  // A large document's first page comes first (the server logs it before sending it): then the whole set.
  const all = s.firstPages.has(1) ? await s.next(uri, 1) : first;
  out.openLargeWholeMs = now() - t;
  out.openLargeCpuMs = cpuMs(s.child.pid) - openCpu;
  out.findings = all.diagnostics.length;
  out.rssAfterOpenMb = rssMb(s.child.pid);
  const server = [];
  const e2e = [];
  const parse = [];
  let bytes = 0;
  let count = 0;
  let version = 1;
  const cpu0 = cpuMs(s.child.pid);
  for (let i = 0; i < EDITS; i++) {
    version++;
    const done = s.next(uri, version);
    s.arm();
    t = now();
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit(i)] });
    const p = await done;
    e2e.push(now() - t);
    const { firstByte, body } = s.disarm();
    server.push(firstByte - t);
    if (i < 5) parse.push(parseTime(body));
    bytes = body.length;
    count = p.diagnostics.length;
  }
  const editsCpu = cpuMs(s.child.pid) - cpu0;
  // Typing stops: a document with many hints is sent them all again, QUIET_MS after the last edit.
  t = now();
  const whole = await Promise.race([s.next(uri, version), new Promise((resolve) => setTimeout(resolve, 3000))]);
  const afterTyping = whole ? { ms: now() - t, diagnostics: whole.diagnostics.length } : null;
  await new Promise((resolve) => setTimeout(resolve, 200)); // the last timing log lines
  out.push = summary(server, e2e, parse, bytes, count, s.timings, Array.from({ length: EDITS }, (_, i) => i + 2));
  out.push.afterTyping = afterTyping;
  out.push.serverCpuPerEditMs = editsCpu / EDITS;
  out.rssAfterEditsMb = rssMb(s.child.pid);
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
  await s.conn.sendRequest('shutdown');
  await s.conn.sendNotification('exit');
}

// The large file pushed to Neovim 0.7 (what its `make_client_capabilities()` declares: no
// `codeDescriptionSupport`, so no rule links are sent): the bytes a diagnostic and an edit end to end.
{
  const s = start();
  await init(s, { textDocument: { publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] } } } });
  const opened = s.next(uri, 1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
  await opened;
  if (s.firstPages.has(1)) await s.next(uri, 1);
  const e2e = [];
  const parse = [];
  let bytes = 0;
  let count = 0;
  let version = 1;
  for (let i = 0; i < 24; i++) {
    version++;
    const done = s.next(uri, version);
    s.arm();
    const t = now();
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit(i)] });
    const p = await done;
    e2e.push(now() - t);
    const { body } = s.disarm();
    if (i < 5) parse.push(parseTime(body));
    bytes = body.length;
    count = p.diagnostics.length;
  }
  out.pushPlain = summary([], e2e, parse, bytes, count, s.timings, []);
  await s.conn.sendRequest('shutdown');
  await s.conn.sendNotification('exit');
}

// The large file pulled, as VS Code's client pulls it: over stdio, rule links added by the client.
{
  const s = start({ vscode: true });
  out.pullTransport = process.env.BENCH_PULL_IPC ? 'node-ipc' : 'stdio';
  out.pullNodeFlags = vscodeNodeFlags;
  // What vscode-languageclient 9 declares (its DiagnosticFeature and publishDiagnostics): related information and tags are sent.
  const VSCODE_DIAGNOSTICS = { relatedInformation: true, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true };
  await init(s, {
    textDocument: { diagnostic: { dynamicRegistration: false, ...VSCODE_DIAGNOSTICS }, publishDiagnostics: { ...VSCODE_DIAGNOSTICS, versionSupport: false } },
    workspace: { diagnostics: { refreshSupport: true } },
    initializationOptions: { clientRuleLinks: true },
  });
  // Timed from before the didOpen, as the push figure is: over node IPC, awaiting the notification
  // waits for Node to serialise and hand over its 16 MB, which the pull figure left out until 2026-11-28.
  let t = now();
  const openMain = mainThreadCpuMs(s.child.pid);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
  out.pullOpenSentMs = now() - t;
  const wholeAsked = s.refreshed();
  let report = await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
  out.pullOpenLargeMs = now() - t;
  out.pullOpenFirstMainCpuMs = mainThreadCpuMs(s.child.pid) - openMain;
  out.pullOpenFirstDiagnostics = report.items.length;
  // A large document's first page: the server asks for a pull again once the whole document is checked.
  if (report.resultId.endsWith(':first-page')) {
    await wholeAsked;
    report = await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
  }
  out.pullOpenLargeWholeMs = now() - t;
  out.pullRssAfterOpenMb = rssMb(s.child.pid);
  const server = [];
  const e2e = [];
  const parse = [];
  let bytes = 0;
  let version = 1;
  const cpu0 = cpuMs(s.child.pid);
  for (let i = 0; i < 40; i++) {
    version++;
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit(i)] });
    s.arm();
    t = now();
    report = await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
    e2e.push(now() - t);
    const wired = s.disarm().body;
    // Over IPC the message is the JSON of the response (Node writes it as one line).
    const body = wired.length ? wired : Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 0, result: report }));
    if (i < 5) parse.push(parseTime(body));
    bytes = body.length;
  }
  const typed = report.items.length;
  const editsCpu = cpuMs(s.child.pid) - cpu0;
  out.pullRssAfterEditsMb = rssMb(s.child.pid);
  // Typing stops: the server asks for a pull again when it held hints back, and answers them all.
  t = now();
  const asked = await Promise.race([s.refreshed().then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 3000))]);
  let afterTyping = null;
  if (asked) {
    report = await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
    afterTyping = { ms: now() - t, diagnostics: report.items.length };
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  out.pull = summary(server, e2e, parse, bytes, typed, s.timings, Array.from({ length: 40 }, (_, i) => i + 2));
  out.pull.afterTyping = afterTyping;
  out.pull.serverCpuPerEditMs = editsCpu / 40;
  const unchanged = [];
  for (let i = 0; i < 20; i++) {
    t = now();
    const r = await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
    unchanged.push(now() - t);
    if (r.kind !== 'unchanged') throw new Error(`expected an unchanged report, got ${r.kind}`);
  }
  out.pull.unchangedMedianMs = median(unchanged);
  await s.conn.sendRequest('shutdown');
  await s.conn.sendNotification('exit');
}
console.log(JSON.stringify(out));
