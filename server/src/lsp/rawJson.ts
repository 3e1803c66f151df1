/**
 * JSON written as is inside an LSP message. A file being written has thousands of diagnostics, and
 * every keystroke sends all of them: serialising 17,000 diagnostic objects took longer than the whole
 * check of the edited request. The server keeps each request's diagnostics as bytes (lsp/
 * diagnosticsRender.ts) and the stream transport's encoder splices them into the message, so an
 * edit serialises the edited request's diagnostics only.
 *
 * Outside that encoder (node IPC, whose messages Node serialises itself; message traces) a RawJson
 * serialises as the value it stands for, so it is never wrong, only slower: each chunk is parsed once
 * and kept with it, so an edit parses the chunk it changed and Node serialises the rest as objects.
 */
/** A placeholder no text of a message can contain by chance: it carries a per-process nonce (Web Crypto: Node and browser workers alike). */
const MARK = `graphreq-raw-json-${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('')}-`;

let encoding: RawJson[] | undefined;

/**
 * The bytes of the last message with raw parts, reused for the next one: a fresh buffer of megabytes
 * per keystroke counts as external memory and brought a full garbage collection every few edits.
 * Safe because vscode-jsonrpc's stream writer encodes a message only after the previous one has been
 * written (its write lock covers encoding and writing).
 */
let scratch = new Uint8Array(0);
/** A buffer this size or less is kept whatever the messages' size (the buffers of small messages are not worth replacing). */
const SCRATCH_KEPT = 1 << 20;

/** The elements of each chunk, parsed when a RawJson is serialised outside the encoder. */
const parsedChunks = new WeakMap<Uint8Array, unknown[]>();
const utf8 = new TextDecoder();

/** A JSON array given as chunks of its elements' text (each chunk: elements separated by commas). */
export class RawJson {
  constructor(readonly chunks: Uint8Array[]) {}

  toJSON(): unknown {
    if (encoding) {
      encoding.push(this);
      return `${MARK}${encoding.length - 1}`;
    }
    const out: unknown[] = [];
    for (const c of this.chunks) {
      let elements = parsedChunks.get(c);
      if (!elements) parsedChunks.set(c, (elements = JSON.parse(`[${utf8.decode(c)}]`) as unknown[]));
      for (const e of elements) out.push(e);
    }
    return out;
  }
}

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
    // The message's own text around each placeholder, and the raw chunks in their place: one allocation.
    const pieces: Array<Uint8Array | RawJson> = [];
    let at = 0;
    for (let i = 0; i < raws.length; i++) {
      const mark = `"${MARK}${i}"`;
      const k = text.indexOf(mark, at);
      if (k < 0) return Promise.reject(new Error('graphreq: a RawJson placeholder is missing from its message'));
      pieces.push(Buffer.from(text.slice(at, k), charset), raws[i]);
      at = k + mark.length;
    }
    pieces.push(Buffer.from(text.slice(at), charset));
    let size = 0;
    // A RawJson is `[`, its chunks with a comma between each two, and `]`.
    for (const p of pieces) size += p instanceof RawJson ? p.chunks.reduce((n, c) => n + c.length, 2 + Math.max(0, p.chunks.length - 1)) : p.length;
    // Grown by half at least; and made smaller once a message fills less than half of it: the whole
    // set of a large document's diagnostics (6 MB, once typing stops) would otherwise stay reserved
    // while each keystroke's message without hints takes a third of it.
    if (scratch.length < size) scratch = new Uint8Array(Math.max(size, Math.ceil(scratch.length * 1.5)));
    else if (size * 2 < scratch.length && scratch.length > SCRATCH_KEPT) scratch = new Uint8Array(Math.max(SCRATCH_KEPT, Math.ceil(size * 1.25)));
    const out = scratch.subarray(0, size);
    let w = 0;
    for (const p of pieces) {
      if (!(p instanceof RawJson)) {
        out.set(p, w);
        w += p.length;
        continue;
      }
      out[w++] = 0x5b; // [
      p.chunks.forEach((c, j) => {
        if (j) out[w++] = 0x2c; // ,
        out.set(c, w);
        w += c.length;
      });
      out[w++] = 0x5d; // ]
    }
    return Promise.resolve(out);
  },
};
