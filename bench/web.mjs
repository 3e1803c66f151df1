// The web build (issue 27): the sizes of dist/web/server.js and dist/web/client.js (minified, and
// gzipped as a server would send them), and the worker's start to first diagnostics: the server
// bundle loaded in a fresh browser-worker sandbox (test/web/workerSandbox.ts, the same V8 as a
// Chromium worker, none of Node), initialize, didOpen of a file, its first publishDiagnostics. The
// workspace is empty (the server asks the client for its files, and gets none), as a first open is.
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

const runs = [];
for (let i = 0; i < rounds; i++) runs.push(await once());
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
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
}, null, 2));
