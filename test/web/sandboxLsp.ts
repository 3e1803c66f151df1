/**
 * The web build's language server (dist/web/server.js) in a worker sandbox (workerSandbox.ts),
 * spoken to in LSP over postMessage as the web extension speaks to it: the workspace is an
 * in-memory file system (`memfs:`) that the server reads through the client's requests
 * (server/src/web/protocol.ts), and the embedded emulator's data file is kept by this "client"
 * as VS Code's keeps it in the workspace's storage.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  createProtocolConnection,
  ErrorCodes,
  ResponseError,
  type DataCallback,
  type Disposable,
  type Message,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { loadInWorkerSandbox, type WorkerSandbox } from './workerSandbox';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const webServerPath = path.join(repoRoot, 'dist', 'web', 'server.js');

export const FOLDER = 'memfs:/workspace';
export const DOCS = 'https://example.invalid/extension/docs';

class SandboxReader extends AbstractMessageReader {
  constructor(private readonly sandbox: WorkerSandbox) {
    super();
  }
  listen(callback: DataCallback): Disposable {
    this.sandbox.onMessage((m) => callback(m as Message));
    return { dispose: () => undefined };
  }
}

class SandboxWriter extends AbstractMessageWriter {
  constructor(private readonly sandbox: WorkerSandbox) {
    super();
  }
  async write(msg: Message): Promise<void> {
    this.sandbox.post(msg);
  }
  end(): void {}
}

/** The emulator's data file as the client keeps it: `text` null until the first write; `stored: false` for a window without workspace storage. */
export interface ClientStorage {
  stored: boolean;
  text: string | null;
  writes: number;
}

export interface WebServer {
  sandbox: WorkerSandbox;
  connection: ProtocolConnection;
  /** The file URIs the server asked to read. */
  reads: string[];
  capabilities: Record<string, unknown>;
  stop(): void;
}

export interface WebServerOptions {
  files: Record<string, string>;
  storage?: ClientStorage;
  /** Registers more handlers before the connection listens. */
  setup?: (connection: ProtocolConnection) => void;
}

export async function startWebServer(o: WebServerOptions): Promise<WebServer> {
  const sandbox = loadInWorkerSandbox(webServerPath);
  const connection = createProtocolConnection(new SandboxReader(sandbox), new SandboxWriter(sandbox));
  const reads: string[] = [];
  connection.onRequest('workspace/configuration', () => [{}]);
  connection.onRequest('client/registerCapability', () => null);
  // As VS Code's client: its handlers answer only once it is initialized ("Unhandled method" before).
  let initialized = false;
  connection.onRequest('graphreq/web/findFiles', (p: { include: string }) => {
    if (!initialized) throw new ResponseError(ErrorCodes.MethodNotFound, 'Unhandled method graphreq/web/findFiles');
    assert.equal(p.include, '**/{*.graphreq,graphreq.env.json}');
    return Object.keys(o.files);
  });
  connection.onRequest('graphreq/web/readFile', (p: { uri: string }): { text?: string; error?: string } => {
    reads.push(p.uri);
    return p.uri in o.files ? { text: o.files[p.uri] } : { error: 'not found' };
  });
  const storage = o.storage;
  if (storage) {
    connection.onRequest('graphreq/web/emulatorState', (): { stored: boolean; text?: string | null } => (storage.stored ? { stored: true, text: storage.text } : { stored: false }));
    connection.onRequest('graphreq/web/emulatorWrite', (p: { kind: 'append' | 'rewrite'; text: string }) => {
      storage.text = p.kind === 'append' ? (storage.text ?? '') + p.text : p.text;
      storage.writes++;
      return null;
    });
  }
  o.setup?.(connection);
  connection.listen();
  const init = await connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
    processId: null,
    rootUri: FOLDER,
    workspaceFolders: [{ uri: FOLDER, name: 'workspace' }],
    capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } }, publishDiagnostics: { codeDescriptionSupport: true } }, workspace: { configuration: true } },
    initializationOptions: { docsUrl: DOCS },
  });
  initialized = true;
  connection.sendNotification('initialized', {});
  return {
    sandbox,
    connection,
    reads,
    capabilities: init.capabilities,
    stop() {
      connection.dispose();
      sandbox.terminate();
    },
  };
}
