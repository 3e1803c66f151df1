/**
 * JSON written as is inside an LSP message. A file being written has thousands of diagnostics, and
 * every keystroke sends all of them: serialising 17,000 diagnostic objects took longer than the whole
 * check of the edited request. The server keeps each request's diagnostics as bytes (lsp/
 * diagnosticsRender.ts) and the stream transport's encoder splices them into the message, so an
 * edit serialises the edited request's diagnostics only.
 *
 * Outside that encoder (node IPC, whose messages Node serialises itself; message traces) a RawJson
 * serialises as the value it stands for, so it is never wrong, only slower.
 */
import { randomBytes } from 'node:crypto';

/** A placeholder no text of a message can contain by chance: it carries a per-process nonce. */
const MARK = `graphreq-raw-json-${randomBytes(8).toString('hex')}-`;

let encoding: RawJson[] | undefined;

/** A JSON array given as chunks of its elements' text (each chunk: elements separated by commas). */
export class RawJson {
  constructor(readonly chunks: Buffer[]) {}

  toJSON(): unknown {
    if (encoding) {
      encoding.push(this);
      return `${MARK}${encoding.length - 1}`;
    }
    return JSON.parse(`[${this.chunks.map((c) => c.toString('utf8')).join(',')}]`);
  }
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const COMMA = Buffer.from(',');

/** An `application/json` content encoder for vscode-jsonrpc's stream writer that splices RawJson chunks in. */
export const rawJsonEncoder = {
  name: 'application/json',
  encode(msg: unknown, options: { charset: BufferEncoding | string }): Promise<Uint8Array> {
    const charset = (options.charset === 'utf-8' ? 'utf8' : options.charset) as BufferEncoding;
    const raws: RawJson[] = [];
    let text: string;
    try {
      encoding = raws;
      text = JSON.stringify(msg);
    } catch (e) {
      return Promise.reject(e);
    } finally {
      encoding = undefined;
    }
    if (!raws.length) return Promise.resolve(Buffer.from(text, charset));
    const out: Buffer[] = [];
    let at = 0;
    for (let i = 0; i < raws.length; i++) {
      const mark = `"${MARK}${i}"`;
      const k = text.indexOf(mark, at);
      if (k < 0) return Promise.reject(new Error('graphreq: a RawJson placeholder is missing from its message'));
      out.push(Buffer.from(text.slice(at, k), charset), OPEN);
      raws[i].chunks.forEach((c, j) => {
        if (j) out.push(COMMA);
        out.push(c);
      });
      out.push(CLOSE);
      at = k + mark.length;
    }
    out.push(Buffer.from(text.slice(at), charset));
    return Promise.resolve(Buffer.concat(out));
  },
};
