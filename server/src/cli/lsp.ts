/**
 * `graphreq lsp --stdio`: the language server for any LSP editor (Neovim, Helix, Emacs, ...).
 * The server is its own bundle (dist/server.js), loaded only here so `check` starts fast.
 */
import * as path from 'node:path';

export const lspHelp = `Usage: graphreq lsp [--stdio | --node-ipc]
Starts the graphreq language server on standard input and output (default) or node IPC.
See docs/editors.md for Neovim, Helix and Emacs.`;

export async function runLsp(argv: string[], io: { out: (s: string) => void }): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(lspHelp + '\n');
    return 0;
  }
  if (!argv.includes('--stdio') && !argv.includes('--node-ipc') && !argv.some((a) => a.startsWith('--socket'))) process.argv.push('--stdio');
  // The connection reads its transport from process.argv; the server keeps the process alive.
  require(path.join(__dirname, 'server.js'));
  return new Promise<number>(() => undefined);
}
