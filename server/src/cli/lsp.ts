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
  for (const arg of argv) {
    const name = arg.split('=')[0];
    if (!KNOWN.includes(name)) throw new UsageError(`unknown option ${name}${didYouMean(name, KNOWN)}; see graphreq lsp --help`);
  }
  if (!argv.includes('--stdio') && !argv.includes('--node-ipc') && !argv.some((a) => a.startsWith('--socket'))) process.argv.push('--stdio');
  // The connection reads its transport from process.argv; the server keeps the process alive.
  require(path.join(__dirname, 'server.js'));
  return new Promise<number>(() => undefined);
}
