/**
 * Entry point of the language server bundle (dist/server.js). The transport comes from the command
 * line: `--stdio` (any LSP editor, and `graphreq lsp --stdio`) or `--node-ipc` (the VS Code client).
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';
import { disposeServerCommands, executeServerCommand } from './commands';

startServer(createConnection(ProposedFeatures.all), { executeCommand: executeServerCommand, dispose: disposeServerCommands });
