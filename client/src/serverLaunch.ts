/**
 * How the VS Code client starts the bundled language server: a Node module spoken to over stdio.
 * Plain module (no 'vscode' import), so a test can read it.
 *
 * Why stdio and not node IPC: over node IPC, Node's `process.send` serialises every message with
 * `JSON.stringify`, so the server's diagnostics kept as bytes (lsp/rawJson.ts) had to become objects
 * again on each keystroke (issue 26: ~10 ms of the server's CPU an edit on a file with 6,000
 * findings, and those objects kept in memory). Over stdio the server's own encoder splices the kept
 * bytes into the message; the client reads both transports with the same JSON.parse.
 */
import type { NodeModule, TransportKind } from 'vscode-languageclient/node';

/** vscode-languageclient's `TransportKind.stdio` (typed against it: `import type` keeps 'vscode' out of the tests). */
const STDIO: TransportKind.stdio = 0;

/** The server's launch, run and debug (the debug one waits for an inspector on port 6009). */
export function serverLaunch(module: string): { run: NodeModule; debug: NodeModule } {
  return {
    run: { module, transport: STDIO },
    debug: { module, transport: STDIO, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
}
