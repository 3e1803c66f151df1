/**
 * A request of Node's `http` server as the router reads it (httpInput.ts RawRequest): the headers
 * as Node joined them, the body read within its limit. A body far past the limit is not drained:
 * the router answers 413 and the connection closes.
 */
import type { IncomingMessage } from 'node:http';
import type { ServiceError } from './envelope';
import { badRequest, bodyTooLarge, type RawRequest } from './httpInput';

/** Past this many bytes a refused body is no longer drained: the connection is closed instead. */
const DRAIN_FACTOR = 64;

export function rawOfIncoming(req: IncomingMessage): RawRequest {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return { method: req.method, url: req.url, headers, body: (max) => readBody(req, max) };
}

function readBody(req: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > max;
    const refuse = (): ServiceError => bodyTooLarge(max);
    if (declared > max * DRAIN_FACTOR) {
      // Too large even to drain: answer now and let the router close the connection.
      req.pause();
      reject(refuse());
      return;
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) tooLarge = true;
      if (size > max * DRAIN_FACTOR) {
        req.pause();
        reject(refuse());
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(refuse()) : resolve(Buffer.concat(chunks))));
    req.on('error', (e) => reject(badRequest(`The request body could not be read (${e.message}).`)));
    // A connection cut before the body ended (a client gone, a server stopping) settles the call too.
    req.on('close', () => {
      if (!req.complete) reject(badRequest('The connection closed before the request body ended.'));
    });
  });
}
