/**
 * A real LSP client for tests: spawns the bundled server (dist/server.js) over stdio and talks
 * JSON-RPC to it. Waits for events (publishDiagnostics), never sleeps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before } from 'node:test';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type InitializeResult,
  type DocumentDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { cleanEnv } from '../cleanEnv';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const serverPath = path.join(repoRoot, 'dist', 'server.js');

export class LspClient {
  readonly connection: ProtocolConnection;
  private readonly child: ChildProcess;
  private readonly waiters: Array<{ uri: string; version?: number; resolve: (p: PublishDiagnosticsParams) => void }> = [];
  readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  stderr = '';
  /** window/logMessage lines: handler failures are logged there (runSafe). */
  readonly logs: string[] = [];
  /** What the client answers to workspace/configuration (the `graphreq` section). */
  settings: Record<string, unknown> = {};

  /** Resolves with the exit code once the server's process has ended and its output is read. */
  readonly exited: Promise<number | null>;

  /**
   * `env`: the variables the server gets besides a clean environment (test/cleanEnv.ts: none of the
   * developer's GRAPHREQ_*), as an editor started from a shell passes them on. Without
   * GRAPHREQ_CONFIG_DIR, the server's configuration (trusted origins) goes to a folder of its own,
   * removed when it exits, never to the developer's ~/.config/graphreq.
   */
  constructor(args: string[] = [serverPath, '--stdio'], env: Record<string, string> = {}) {
    const config = env.GRAPHREQ_CONFIG_DIR === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-config-')) : undefined;
    this.child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: cleanEnv({ ...(config ? { GRAPHREQ_CONFIG_DIR: config } : {}), ...env }) });
    this.exited = new Promise((resolve) =>
      this.child.once('close', (code) => {
        if (config) fs.rmSync(config, { recursive: true, force: true });
        resolve(code);
      }),
    );
    this.child.stderr!.on('data', (d) => (this.stderr += String(d)));
    this.connection = createProtocolConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.diagnostics.set(p.uri, p);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i];
        if (w.uri === p.uri && (w.version === undefined || p.version === w.version)) {
          this.waiters.splice(i, 1);
          w.resolve(p);
        }
      }
    });
    this.connection.onNotification('window/logMessage', (p: { message: string }) => {
      this.logs.push(p.message);
    });
    this.connection.onRequest('workspace/configuration', () => [this.settings]);
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.listen();
  }

  /**
   * `textDocument`: more text-document capabilities (the pull model's `diagnostic`, ...);
   * `extra.window`: the client's window capabilities (showDocument, workDoneProgress);
   * `extra.workspace`: more workspace capabilities (`diagnostics.refreshSupport`);
   * `extra.initializationOptions`: instead of the settings;
   * `extra.moreFolders`: workspace folders besides `rootUri`.
   */
  async initialize(
    rootUri: string | null = null,
    snippetSupport = true,
    textDocument: Record<string, unknown> = {},
    extra: { window?: Record<string, unknown>; workspace?: Record<string, unknown>; initializationOptions?: unknown; moreFolders?: string[] } = {},
  ): Promise<InitializeResult> {
    const result = (await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: 'ws' }, ...(extra.moreFolders ?? []).map((uri, i) => ({ uri, name: `ws${i + 2}` }))] : null,
      initializationOptions: extra.initializationOptions ?? this.settings,
      capabilities: {
        // Rule links, related information and tags shown, as VS Code's and most full clients declare; a test passes its own `publishDiagnostics` to say otherwise.
        textDocument: { completion: { completionItem: { snippetSupport } }, publishDiagnostics: { codeDescriptionSupport: true, relatedInformation: true, tagSupport: { valueSet: [1, 2] } }, ...textDocument },
        workspace: { configuration: true, ...extra.workspace },
        ...(extra.window ? { window: extra.window } : {}),
      },
    })) as InitializeResult;
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /**
   * As a client that pulls diagnostics (LSP 3.17); with `workspace/diagnostic/refresh` support when
   * `refreshed` is given, which is called on each refresh the server asks for.
   */
  async initializePulling(refreshed?: () => void): Promise<void> {
    await this.initialize(null, true, { diagnostic: { dynamicRegistration: false } }, refreshed ? { workspace: { diagnostics: { refreshSupport: true } } } : {});
    if (refreshed) {
      this.connection.onRequest('workspace/diagnostic/refresh', () => {
        refreshed();
        return null;
      });
    }
  }

  /** The document's pulled diagnostics (`textDocument/diagnostic`). */
  pull(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.request('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
  }

  /** Resolves with the next diagnostics for `uri` (of `version`, when given). */
  nextDiagnostics(uri: string, version?: number): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.waiters.push({ uri, version, resolve }));
  }

  /** The diagnostics of `uri` once `ok` holds: the last ones received if they do, else the next that do. */
  async diagnosticsWhen(uri: string, ok: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    const last = this.diagnostics.get(uri);
    if (last && ok(last)) return last;
    for (;;) {
      const p = await this.nextDiagnostics(uri);
      if (ok(p)) return p;
    }
  }

  async open(uri: string, text: string, version = 1): Promise<PublishDiagnosticsParams> {
    const next = this.nextDiagnostics(uri, version);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version, text } });
    return next;
  }

  async change(uri: string, version: number, changes: unknown[]): Promise<PublishDiagnosticsParams> {
    const next = this.nextDiagnostics(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    return next;
  }

  notify(method: string, params: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async shutdown(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await exited;
    this.connection.dispose();
    return code;
  }

  /** The server's process id (the stress suite reads its CPU time). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  kill(): void {
    this.child.kill();
  }
}

/** A suite's client: the `graphreq` settings given, `init` before the suite's tests, shut down (exit code 0) after them. */
export function suiteClient(settings: Record<string, unknown>, init: (client: LspClient) => Promise<unknown>): LspClient {
  const client = new LspClient();
  client.settings = settings;
  before(async () => void (await init(client)));
  after(async () => assert.equal(await client.shutdown(), 0));
  return client;
}
