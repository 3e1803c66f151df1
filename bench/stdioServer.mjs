// The language server over stdio with vscode-languageserver-protocol's client, for the bench scripts:
// the connection, and a promise of the diagnostics pushed for a document version.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

/** `nodeArgs`: options for the server's node (BENCH_SERVER_NODE_ARGS: `--cpu-prof --cpu-prof-dir=DIR` to profile it). */
export function startStdioServer(nodeArgs = process.env.BENCH_SERVER_NODE_ARGS ? process.env.BENCH_SERVER_NODE_ARGS.split(' ') : []) {
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server.js', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].version === p.version) waiters.splice(i, 1)[0].resolve(p);
  });
  conn.onRequest('workspace/configuration', () => [{}]);
  conn.listen();
  const diagnosed = (version) => new Promise((resolve) => waiters.push({ version, resolve }));
  return { child, conn, diagnosed };
}
