/**
 * `graphreq lsp --stdio`: the language server for any LSP editor (Neovim, Helix, Emacs, ...).
 * The server is its own bundle (dist/server.js), loaded only here so `check` starts fast.
 */
import * as path from 'node:path';
import { didYouMean } from './args';
import { UsageError } from './files';
import type { Terminal } from './render/output';

export const lspHelp = `Usage: graphreq lsp [--stdio | --node-ipc | --socket=PORT]
Starts the graphreq language server on standard input and output (default), node IPC or a socket.
See docs/editors.md for Neovim, Helix and Emacs.`;

/** The transports vscode-languageserver reads from process.argv, and the option editors add. */
const KNOWN = ['--stdio', '--node-ipc', '--socket', '--clientProcessId', '--help', '-h'];

export async function runLsp(argv: string[], terminal: Terminal): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    terminal.out(lspHelp + '\n');
    return 0;
  }
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].split('=')[0];
    if (!KNOWN.includes(name)) throw new UsageError(`unknown option ${name}${didYouMean(name, KNOWN)}; see graphreq lsp --help`);
    // `--socket PORT` and `--clientProcessId PID`, as the language server library reads them, as well as `--socket=PORT`.
    if ((argv[i] === '--socket' || argv[i] === '--clientProcessId') && argv[i + 1] !== undefined && !argv[i + 1].startsWith('-')) i++;
  }
  checkTransport(argv);
  if (!argv.includes('--stdio') && !argv.includes('--node-ipc') && !argv.some((a) => a.startsWith('--socket'))) process.argv.push('--stdio');
  // The connection reads its transport from process.argv; the server keeps the process alive.
  require(path.join(__dirname, 'server.js'));
  return new Promise<number>(() => undefined);
}

/**
 * One transport, usable from here: the language server library takes the first it finds and
 * otherwise stops with its own message (`--socket=abc`), or, for `--node-ipc` started from a
 * terminal (no channel to the parent), exits at once with status 0, as if it had run.
 */
function checkTransport(argv: string[]): void {
  const socketAt = argv.findIndex((a) => a === '--socket' || a.startsWith('--socket='));
  const given = [argv.includes('--stdio'), argv.includes('--node-ipc'), socketAt >= 0].filter(Boolean).length;
  if (given > 1) throw new UsageError('choose one of --stdio, --node-ipc and --socket=PORT');
  if (socketAt >= 0) {
    const arg = argv[socketAt];
    const port = arg === '--socket' ? argv[socketAt + 1] : arg.slice('--socket='.length);
    if (port === undefined || !/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new UsageError(`--socket takes the port the editor listens on, from 1 to 65535, not ${port === undefined ? 'nothing' : `"${port}"`}`);
  }
  if (argv.includes('--node-ipc') && typeof process.send !== 'function') throw new UsageError('--node-ipc needs the IPC channel of an editor that started graphreq with one (a Node fork); from a terminal or a plain editor, use --stdio');
}
