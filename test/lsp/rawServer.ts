/**
 * A language server over stdio spoken to in raw JSON-RPC: `send` writes any number of messages in one
 * write, so that a request and what follows it (its cancellation, a hover) reach the server together,
 * and `received` keeps every message from the server in the order it came (tests assert that order,
 * never wall-clock time).
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before } from 'node:test';
import { StreamMessageReader, type Message } from 'vscode-languageserver-protocol/node';
import { serverPath } from './lspClient';

/** A response from the server. */
export type Answer = Message & { id: number; result?: unknown; error?: { code: number; message: string } };

/** A server over stdio, spoken to in raw JSON-RPC: `send` writes any number of messages in one write. */
export class RawServer {
  private readonly child: ChildProcess;
  /** Every message from the server, in the order it came. */
  readonly received: Message[] = [];
  private readonly waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  private id = 0;

  /** `env`: the server's environment variables (the process's own by default); `settings`: the client's (none by default). */
  constructor(options: { env?: NodeJS.ProcessEnv; settings?: object } = {}) {
    this.child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: options.env ?? process.env });
    const reader = new StreamMessageReader(this.child.stdout!);
    reader.listen((m) => {
      this.received.push(m);
      // The server asks for the settings.
      const req = m as { id?: number; method?: string };
      if (req.method === 'workspace/configuration' && req.id !== undefined) this.send({ jsonrpc: '2.0', id: req.id, result: [options.settings ?? {}] });
      for (let i = this.waiters.length - 1; i >= 0; i--) if (this.waiters[i].match(m)) this.waiters.splice(i, 1)[0].resolve(m);
    });
  }

  send(...messages: object[]): void {
    const frames = messages.map((m) => {
      const body = Buffer.from(JSON.stringify(m), 'utf8');
      return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
    });
    this.child.stdin!.write(Buffer.concat(frames));
  }

  request(method: string, params: unknown): { id: number; message: object } {
    const id = ++this.id + 1000;
    return { id, message: { jsonrpc: '2.0', id, method, params } };
  }

  waitFor(match: (m: Message) => boolean): Promise<Message> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  answer(id: number): Promise<Answer> {
    return this.waitFor((m) => (m as { id?: number; method?: string }).id === id && !(m as { method?: string }).method) as Promise<never>;
  }

  /** `rootUri`: the workspace folder (none by default). */
  async initialize(capabilities: object, rootUri: string | null = null): Promise<void> {
    const init = this.request('initialize', { processId: process.pid, rootUri, capabilities });
    this.send(init.message);
    await this.answer(init.id);
    this.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
  }

  kill(): void {
    this.child.kill();
  }
}

/** The code of a request answered as cancelled (`$/cancelRequest`). */
export const REQUEST_CANCELLED = -32800;

export const cancelOf = (id: number): object => ({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });

/** Matches the diagnostics pushed for `uri` at `version`. */
export const publishedFor = (uri: string, version: number) => (m: Message): boolean => {
  const n = m as { method?: string; params?: { uri: string; version?: number } };
  return n.method === 'textDocument/publishDiagnostics' && n.params?.uri === uri && n.params.version === version;
};

/** A server for the tests of the enclosing `describe`: started and initialized before them (then `ready`), killed after. */
export function serverForSuite(capabilities: object, ready: (server: RawServer) => void, options: ConstructorParameters<typeof RawServer>[0] = {}): void {
  let server: RawServer | undefined;
  before(async () => {
    server = new RawServer(options);
    await server.initialize(capabilities);
    ready(server);
  });
  after(() => server?.kill());
}

/**
 * A pull of `uri` sent with a hover, and cancelled once the hover is answered: the pull must answer
 * RequestCancelled, after the hover (it was still at work). Returns the next pull's report.
 */
export async function pullCancelledBehindHover(server: RawServer, uri: string, hover: { id: number; message: object }): Promise<{ kind: string; items: unknown[] }> {
  const pull = server.request('textDocument/diagnostic', { textDocument: { uri } });
  server.send(pull.message, hover.message);
  const hovered = await server.answer(hover.id);
  server.send(cancelOf(pull.id));
  const answer = await server.answer(pull.id);
  assert.equal(answer.error?.code, REQUEST_CANCELLED, JSON.stringify(answer).slice(0, 200));
  assert.ok(server.received.indexOf(hovered) < server.received.indexOf(answer), 'the pull was done before the hover was read');
  const again = server.request('textDocument/diagnostic', { textDocument: { uri } });
  server.send(again.message);
  return (await server.answer(again.id)).result as { kind: string; items: unknown[] };
}
