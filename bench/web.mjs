// The web build (issue 27): the sizes of dist/web/server.js and dist/web/client.js (minified, and
// gzipped as a server would send them), and the worker's start to first diagnostics: the server
// bundle loaded in a fresh browser-worker sandbox (test/web/workerSandbox.ts, the same V8 as a
// Chromium worker, none of Node), initialize, didOpen of a file, its first publishDiagnostics. The
// workspace is empty (the server asks the client for its files, and gets none), as a first open is.
// Then a send round trip to the emulator in the worker (workspace/executeCommand graphreq.send of an
// ad set creation, answered with the result model; the emulator's state kept by this "client" as
// the web extension keeps it): the first send (the emulator starts: seed data, first snapshot) and
// the median of the next ones.
//   node bench/web.mjs [file.graphreq] [rounds]      (after `npm run build` and `npx tsc -p tsconfig.test.json`)
// Prints JSON.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { loadInWorkerSandbox } = require('../out/test/web/workerSandbox.js');
const file = process.argv[2] ?? 'bench/results/small.graphreq';
const rounds = Number(process.argv[3] ?? 7);
const text = fs.readFileSync(file, 'utf8');
const bundles = { server: 'dist/web/server.js', client: 'dist/web/client.js' };

function once() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const sandbox = loadInWorkerSandbox(bundles.server);
    const loaded = performance.now();
    const timer = setTimeout(() => reject(new Error('no diagnostics in 30 s')), 30_000);
    sandbox.onMessage((m) => {
      if (m.id === 1) {
        sandbox.post({ jsonrpc: '2.0', method: 'initialized', params: {} });
        sandbox.post({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'memfs:/w/bench.graphreq', languageId: 'graphreq', version: 1, text } } });
      } else if (m.method === 'graphreq/web/findFiles') sandbox.post({ jsonrpc: '2.0', id: m.id, result: [] });
      else if (m.method === 'workspace/configuration') sandbox.post({ jsonrpc: '2.0', id: m.id, result: [{}] });
      else if (m.id !== undefined && m.method) sandbox.post({ jsonrpc: '2.0', id: m.id, result: null });
      else if (m.method === 'textDocument/publishDiagnostics') {
        clearTimeout(timer);
        const done = performance.now();
        sandbox.terminate();
        if (sandbox.errors.length) reject(new Error(String(sandbox.errors[0])));
        resolve({ loadMs: loaded - t0, firstDiagnosticsMs: done - t0, diagnostics: m.params.diagnostics.length });
      }
    });
    sandbox.post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: 'memfs:/w', workspaceFolders: [{ uri: 'memfs:/w', name: 'w' }], capabilities: { workspace: { configuration: true } } } });
  });
}

const SEND_DOC = 'memfs:/w/send.graphreq';
const sendText = 'POST /v23.0/act_1234567890/adsets\n\n{ "name": "Bench", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }\n';

/** Round trips of `count` sends in one worker, in ms; the state is kept in `stored` as the client keeps it. */
function sends(count) {
  return new Promise((resolve, reject) => {
    const sandbox = loadInWorkerSandbox(bundles.server);
    const timer = setTimeout(() => reject(new Error('no send result in 60 s')), 60_000);
    let stored = null;
    const times = [];
    let started = 0;
    const next = () => {
      started = performance.now();
      sandbox.post({ jsonrpc: '2.0', id: 100 + times.length, method: 'workspace/executeCommand', params: { command: 'graphreq.send', arguments: [{ uri: SEND_DOC, index: 0 }] } });
    };
    sandbox.onMessage((m) => {
      if (m.id === 1) {
        sandbox.post({ jsonrpc: '2.0', method: 'initialized', params: {} });
        sandbox.post({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: SEND_DOC, languageId: 'graphreq', version: 1, text: sendText } } });
        next();
      } else if (m.id >= 100 && !m.method) {
        times.push(performance.now() - started);
        if (m.error || m.result?.results?.[0]?.status !== 200) reject(new Error(JSON.stringify(m.error ?? m.result.results[0].failure ?? m.result.results[0].body)));
        if (times.length < count) return next();
        clearTimeout(timer);
        sandbox.terminate();
        resolve(times);
      } else if (m.method === 'graphreq/web/findFiles') sandbox.post({ jsonrpc: '2.0', id: m.id, result: [] });
      else if (m.method === 'graphreq/web/emulatorState') sandbox.post({ jsonrpc: '2.0', id: m.id, result: { stored: true, text: stored } });
      else if (m.method === 'graphreq/web/emulatorWrite') {
        stored = m.params.kind === 'append' ? (stored ?? '') + m.params.text : m.params.text;
        sandbox.post({ jsonrpc: '2.0', id: m.id, result: null });
      } else if (m.method === 'workspace/configuration') sandbox.post({ jsonrpc: '2.0', id: m.id, result: [{}] });
      else if (m.id !== undefined && m.method) sandbox.post({ jsonrpc: '2.0', id: m.id, result: null });
    });
    sandbox.post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: 'memfs:/w', workspaceFolders: [{ uri: 'memfs:/w', name: 'w' }], capabilities: { workspace: { configuration: true } } } });
  });
}

const runs = [];
for (let i = 0; i < rounds; i++) runs.push(await once());
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sendTimes = await sends(rounds + 1);
const size = (f) => ({ bytes: fs.statSync(f).size, gzip: gzipSync(fs.readFileSync(f)).length });
console.log(JSON.stringify({
  file,
  requests: text.split(/^###/m).length,
  rounds,
  server: size(bundles.server),
  client: size(bundles.client),
  loadMs: Math.round(median(runs.map((r) => r.loadMs))),
  firstDiagnosticsMs: Math.round(median(runs.map((r) => r.firstDiagnosticsMs))),
  diagnostics: runs[0].diagnostics,
  firstSendMs: Math.round(sendTimes[0]),
  sendMs: Math.round(median(sendTimes.slice(1))),
}, null, 2));
