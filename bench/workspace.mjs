// A workspace of 1,000 request files (10,000 requests that read each other's named responses across
// files), measured through the CLI and the language server (issue 22):
//   - `graphreq check` of the folder, against the same 10,000 requests in one file (cold processes;
//     wall and CPU time, medians of ROUNDS);
//   - the language server on the folder: the first diagnostics of one opened file and a hover on it
//     while the workspace is read, and when the index of the whole workspace is complete (the answer
//     of workspace symbols sent with the didOpen: they wait for the whole index);
//   - then references and rename of a name read in 100 files, workspace symbols (the first, the
//     median of max(10, ROUNDS), and the server's CPU time a request), the server's RSS;
//   - a second server for a client that pulls: `workspace/diagnostic` of the folder cold, then with
//     the result ids it got (every file `unchanged`); and the load average of the machine.
// Usage: node bench/workspace.mjs [ROUNDS]   (writes bench/results/workspace-1k/, prints JSON)
//   BENCH_SKIP_CHECK=1: the language server only.
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const FILES = 1000;
const PER_FILE = 10;
/** How many files read the hot name (the rename and references figure). */
const READERS = 100;
const rounds = Number(process.argv[2] ?? 5);
/** Requests are cheap: timed over more rounds than the cold processes (the first of each is reported apart). */
const serverRounds = Math.max(10, rounds);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Request `k` of file `i`: named `f<i>r<k>`; it copies what the same request of the previous file made. Files 1..100 read `hot` too. */
function request(i, k) {
  const name = i === 0 && k === 0 ? 'hot' : `f${i}r${k}`;
  const source = i === 0 ? '120200000000000002' : i === 1 && k === 0 ? '{{hot.response.body.copied_adset_id}}' : `{{f${i - 1}r${k}.response.body.copied_adset_id}}`;
  if (k === PER_FILE - 1 && i >= 1 && i <= READERS) {
    return `### Read the hot copy from file ${i}\n# @name ${name}\nGET /v23.0/{{hot.response.body.copied_adset_id}}?fields=id,name,status\n`;
  }
  return `### Copy ${k} of file ${i}\n# @name ${name}\nPOST /v23.0/${source}/copies\n\n{ "status_option": "PAUSED", "rename_options": { "rename_strategy": "ONLY_TOP_LEVEL_RENAME", "rename_prefix": "Copy ${i}.${k} " } }\n`;
}

function generate(root) {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, 'folder'), { recursive: true });
  fs.mkdirSync(path.join(root, 'one'), { recursive: true });
  const all = [];
  for (let i = 0; i < FILES; i++) {
    const text = Array.from({ length: PER_FILE }, (_, k) => request(i, k)).join('\n');
    const dir = path.join(root, 'folder', `group${String(Math.floor(i / 100)).padStart(2, '0')}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `requests${String(i).padStart(4, '0')}.graphreq`), text);
    all.push(text);
  }
  fs.writeFileSync(path.join(root, 'one', 'all.graphreq'), all.join('\n'));
  for (const d of ['folder', 'one']) fs.writeFileSync(path.join(root, d, 'graphreq.env.json'), '{ "$shared": {} }\n');
}

/** The CPU time of this process's finished children so far, in milliseconds (user and system, clock ticks of 10 ms). */
function childrenCpuMs() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** A cold `graphreq check` process: its wall and CPU time, and how many findings it printed. */
function coldCheck(target, cwd) {
  const t0 = now();
  const cpu0 = childrenCpuMs();
  let out = '';
  try {
    out = execFileSync(process.execPath, [path.resolve('bin/graphreq.js'), 'check', target, '--format', 'json'], { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 }).toString();
  } catch (e) {
    // Exit 1 (errors found) is a result too.
    out = e.stdout?.toString() ?? '';
    if (e.status !== 1) throw e;
  }
  return { wallMs: now() - t0, cpuMs: childrenCpuMs() - cpu0, findings: JSON.parse(out).length };
}

/** The user and system CPU time of a process so far, in milliseconds (clock ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

async function lsp(folder) {
  const child = spawn(process.execPath, ['dist/server.js', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = [];
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    published.push({ at: now(), p });
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].uri === p.uri && waiters[i].ok(p)) waiters.splice(i, 1)[0].resolve(p);
  });
  const next = (uri, ok = () => true) => new Promise((resolve) => waiters.push({ uri, ok, resolve }));
  conn.onRequest('workspace/configuration', () => [{}]);
  conn.onRequest('client/registerCapability', () => null);
  conn.listen();
  const rootUri = pathToFileURL(folder).href;
  const t0 = now();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'ws' }], capabilities: { workspace: { configuration: true } } });
  await conn.sendNotification('initialized', {});
  // One file in the middle of the workspace: it reads names of the file before it.
  const file = path.join(folder, 'group05', 'requests0500.graphreq');
  const uri = pathToFileURL(file).href;
  const first = next(uri);
  const opened = now();
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: fs.readFileSync(file, 'utf8') } });
  // While the workspace is read: a hover on the opened file, and workspace symbols (they wait for the
  // whole index, so their answer marks the index complete).
  const hoverSent = now();
  const hover = conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 2 } }).then(() => now() - hoverSent);
  const indexed = conn.sendRequest('workspace/symbol', { query: 'hot' }).then(() => ({ ms: now() - t0, cpuMs: cpuMsOf(child.pid) }));
  await first;
  const firstDiagnosticsMs = now() - opened;
  const hoverWhileIndexingMs = await hover;
  const indexCompleteMs = await indexed;
  const reader = pathToFileURL(path.join(folder, 'group00', 'requests0001.graphreq')).href;
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: reader, languageId: 'graphreq', version: 1, text: fs.readFileSync(new URL(reader), 'utf8') } });
  // `POST /v23.0/{{hot.response...` on the third line of file 1.
  const hotAt = { line: 2, character: 16 };
  // Wall time (median and slowest of the rounds), and the server's CPU time a request (its user and
  // system time over the rounds, from /proc): on a loaded machine the CPU time is the figure to read.
  const time = async (fn) => {
    const xs = [];
    let last;
    const cpu0 = cpuMsOf(child.pid);
    for (let r = 0; r < serverRounds; r++) {
      const s = now();
      last = await fn();
      xs.push(now() - s);
    }
    return { ms: median(xs), first: xs[0], cpuMs: (cpuMsOf(child.pid) - cpu0) / serverRounds, last };
  };
  const refs = await time(() => conn.sendRequest('textDocument/references', { textDocument: { uri: reader }, position: hotAt, context: { includeDeclaration: true } }));
  const rename = await time(() => conn.sendRequest('textDocument/rename', { textDocument: { uri: reader }, position: hotAt, newName: 'coldName' }));
  const symbols = await time(() => conn.sendRequest('workspace/symbol', { query: 'f7r3' }));
  const symbolsAll = await time(() => conn.sendRequest('workspace/symbol', { query: '' }));
  const rss = rssOf(child.pid);
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  return {
    firstDiagnosticsMs: Math.round(firstDiagnosticsMs),
    hoverWhileIndexingMs: Math.round(hoverWhileIndexingMs),
    indexCompleteMs: Math.round(indexCompleteMs.ms),
    indexCompleteServerCpuMs: indexCompleteMs.cpuMs,
    referencesMs: +refs.ms.toFixed(1),
    referencesFirstMs: +refs.first.toFixed(1),
    referencesCpuMs: +refs.cpuMs.toFixed(1),
    references: refs.last.length,
    renameMs: +rename.ms.toFixed(1),
    renameFirstMs: +rename.first.toFixed(1),
    renameCpuMs: +rename.cpuMs.toFixed(1),
    renameFiles: Object.keys(rename.last.changes ?? {}).length,
    workspaceSymbolsMs: +symbols.ms.toFixed(1),
    workspaceSymbolsFirstMs: +symbols.first.toFixed(1),
    workspaceSymbolsCpuMs: +symbols.cpuMs.toFixed(1),
    workspaceSymbolsAllMs: +symbolsAll.ms.toFixed(1),
    symbols: symbols.last.length,
    rssMb: rss,
  };
}

/**
 * A client that pulls diagnostics (LSP 3.17): `workspace/diagnostic` of the whole folder, nothing
 * opened, cold (the index read and every file checked), then again with the result ids it got (every
 * file `unchanged`).
 */
async function pullWorkspace(folder) {
  const child = spawn(process.execPath, ['dist/server.js', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  conn.onRequest('workspace/configuration', () => [{}]);
  conn.onRequest('client/registerCapability', () => null);
  conn.listen();
  const rootUri = pathToFileURL(folder).href;
  await conn.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'ws' }], capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: {} } } });
  await conn.sendNotification('initialized', {});
  let s = now();
  const cpu0 = cpuMsOf(child.pid);
  const cold = await conn.sendRequest('workspace/diagnostic', { previousResultIds: [] });
  const coldMs = now() - s;
  const coldCpuMs = cpuMsOf(child.pid) - cpu0;
  const previousResultIds = cold.items.filter((i) => i.resultId).map((i) => ({ uri: i.uri, value: i.resultId }));
  const again = [];
  let unchanged = 0;
  for (let r = 0; r < rounds; r++) {
    s = now();
    const report = await conn.sendRequest('workspace/diagnostic', { previousResultIds });
    again.push(now() - s);
    unchanged = report.items.filter((i) => i.kind === 'unchanged').length;
  }
  const rss = rssOf(child.pid);
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  return {
    workspacePullRssMb: rss,
    workspacePullColdMs: Math.round(coldMs),
    workspacePullColdCpuMs: coldCpuMs,
    workspacePullFiles: cold.items.length,
    workspacePullUnchangedMs: +median(again).toFixed(1),
    workspacePullUnchanged: unchanged,
  };
}

const root = path.resolve('bench/results/workspace-1k');
generate(root);
const folderRuns = [];
const oneRuns = [];
for (let r = 0; r < (process.env.BENCH_SKIP_CHECK ? 0 : rounds); r++) {
  folderRuns.push(coldCheck('.', path.join(root, 'folder')));
  oneRuns.push(coldCheck('all.graphreq', path.join(root, 'one')));
}
const checkFolderMs = folderRuns.length ? median(folderRuns.map((x) => x.wallMs)) : NaN;
const checkOneFileMs = oneRuns.length ? median(oneRuns.map((x) => x.wallMs)) : NaN;
const server = await lsp(path.join(root, 'folder'));
const pulled = await pullWorkspace(path.join(root, 'folder'));
console.log(
  JSON.stringify(
    {
      files: FILES,
      requests: FILES * PER_FILE,
      checkFolderMs: Math.round(checkFolderMs),
      checkOneFileMs: Math.round(checkOneFileMs),
      ratio: +(checkFolderMs / checkOneFileMs).toFixed(2),
      checkFolderCpuMs: folderRuns.length ? median(folderRuns.map((x) => x.cpuMs)) : null,
      checkOneFileCpuMs: oneRuns.length ? median(oneRuns.map((x) => x.cpuMs)) : null,
      cpuRatio: folderRuns.length ? +(median(folderRuns.map((x) => x.cpuMs)) / median(oneRuns.map((x) => x.cpuMs))).toFixed(2) : null,
      findingsFolder: folderRuns[0]?.findings,
      findingsOneFile: oneRuns[0]?.findings,
      ...server,
      ...pulled,
      loadAverage: os.loadavg().map((x) => +x.toFixed(1)),
    },
    null,
    2,
  ),
);
