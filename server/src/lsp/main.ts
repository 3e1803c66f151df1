/**
 * Entry point of the language server bundle (dist/server.js). The transport comes from the command
 * line: `--stdio` (any LSP editor, and `graphreq lsp --stdio`) or `--node-ipc` (the VS Code client).
 *
 * On stdio the server builds its own message writer, whose encoder splices diagnostics kept as bytes
 * into messages (rawJson.ts); it then does what the library does for `--stdio` itself: console
 * output goes to the client's log (stdout carries the messages), and the server exits when its
 * input closes.
 */
import { inspect } from 'node:util';
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter, type Connection } from 'vscode-languageserver/node';
import { startServer } from './server';
import { disposeServerCommands, executeServerCommand } from './commands';
import { rawJsonEncoder } from './rawJson';
import { nodeHost } from './nodeHost';
import { isCheckWorker } from './checkWorker';

function stdioConnection(): Connection {
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout, { charset: 'utf-8', contentTypeEncoder: rawJsonEncoder }));
  const text = (args: unknown[]): string => args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' ');
  console.log = (...args: unknown[]) => connection.console.log(text(args));
  console.info = (...args: unknown[]) => connection.console.info(text(args));
  console.debug = (...args: unknown[]) => connection.console.log(text(args));
  console.warn = (...args: unknown[]) => connection.console.warn(text(args));
  console.error = (...args: unknown[]) => connection.console.error(text(args));
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  return connection;
}

// The same bundle runs as the worker that checks large requests (checkWorker.ts): no connection there.
if (!isCheckWorker()) {
  const connection = process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);
  startServer(connection, { host: nodeHost(), executeCommand: executeServerCommand, dispose: disposeServerCommands });
}
