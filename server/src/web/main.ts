/**
 * Entry point of the web build's language server (dist/web/server.js), which the web client runs in a
 * browser Web Worker: the LSP messages come and go with postMessage (vscode-languageserver's browser
 * connection). The host (webHost.ts) reads files through the client; sends go to the emulator in this
 * worker, or to an environment through the browser's fetch (webSend.ts).
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures, type Message } from 'vscode-languageserver/browser';
import { startServer } from '../lsp/server';
import { webHost } from './webHost';
import { webSend } from './webSend';

/** The worker's global scope, as much of it as the connection needs (the server's tsconfig has no DOM library). */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

/**
 * postMessage copies a message by structured clone, which calls no `toJSON`: the diagnostics the
 * server keeps as bytes (lsp/rawJson.ts) would arrive as `{ chunks }`. Each message goes as its JSON
 * value, which is what it means on every other transport.
 */
class JsonValueWriter extends BrowserMessageWriter {
  override write(msg: Message): Promise<void> {
    return super.write(JSON.parse(JSON.stringify(msg)) as Message);
  }
}

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new JsonValueWriter(self));
const { account, ...send } = webSend({ filesRead: () => host.filesRead?.() ?? Promise.resolve() });
const host = webHost({ log: (m) => connection.console.log(m), account });
startServer(connection, { host, ...send });
