/**
 * The data file's text as lines (the format is described in stateLog.ts): parsed here without any
 * I/O, so that the desktop's file and the web worker's copy kept by the client (web/emulatorState.ts)
 * are read by the same code.
 */
import type { CounterRecord } from '../limits/limiter';

export const LOG_FORMAT = 2;
export const LOG_MARK = 'emulator-state';

export type Op = ['p', string, string, unknown] | ['d', string, string];

export interface LogHeader {
  graphreq: typeof LOG_MARK;
  format: number;
  collections: string[];
}

export type LogLine = { b: Op[] } | { r: CounterRecord[] } | { m: Record<string, unknown> };

export type ReadResult =
  | { kind: 'missing' }
  | { kind: 'legacy'; value: unknown }
  | { kind: 'log'; header: LogHeader; lines: LogLine[]; goodBytes: number; totalBytes: number };

/** A one-line reason the file is not emulator state; the store adds the file name and the way out. */
export class NotState extends Error {}

/** Reads the text of a data file (its UTF-8 bytes number `totalBytes`); throws NotState when it is not emulator state. */
export function parseLog(text: string, totalBytes: number): ReadResult {
  const firstEnd = text.indexOf('\n');
  const first = parseLine(firstEnd < 0 ? text : text.slice(0, firstEnd));
  if (!isHeader(first)) {
    // Not a log: the earlier format is one JSON object.
    try {
      return { kind: 'legacy', value: JSON.parse(text) };
    } catch (e) {
      throw new NotState(`not JSON (${(e as Error).message.split('\n')[0].slice(0, 120)})`);
    }
  }
  if (firstEnd < 0) throw new NotState('the header line is cut short');
  if (first.format !== LOG_FORMAT) throw new NotState(`written in data format ${String(first.format)}; this graphreq reads format ${LOG_FORMAT}`);
  if (!Array.isArray(first.collections) || !first.collections.every((c) => typeof c === 'string')) throw new NotState('the header does not list the collections');
  const lines: LogLine[] = [];
  let pos = firstEnd + 1;
  // Byte offset of the end of the last complete line: the file is cut there when it is opened for appending.
  let goodBytes = utf8Length(text.slice(0, pos));
  let lineNo = 1;
  while (pos < text.length) {
    lineNo++;
    const end = text.indexOf('\n', pos);
    const raw = end < 0 ? text.slice(pos) : text.slice(pos, end);
    const line = parseLine(raw);
    if (!isLogLine(line) || end < 0) {
      // A cut last line is what a crash during an append leaves: its batch was never answered.
      if (end < 0 || end === text.length - 1) break;
      throw new NotState(`line ${lineNo} is damaged`);
    }
    lines.push(line);
    pos = end + 1;
    goodBytes += utf8Length(raw) + 1;
  }
  return { kind: 'log', header: first, lines, goodBytes, totalBytes };
}

function parseLine(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function isHeader(v: unknown): v is LogHeader {
  return v !== null && typeof v === 'object' && (v as { graphreq?: unknown }).graphreq === LOG_MARK;
}

function isLogLine(v: unknown): v is LogLine {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return Array.isArray(o.b) || Array.isArray(o.r) || (o.m !== null && typeof o.m === 'object' && !Array.isArray(o.m));
}

export function headerLine(collections: string[]): string {
  return `${JSON.stringify({ graphreq: LOG_MARK, format: LOG_FORMAT, collections })}\n`;
}


/** Bytes of `s` in UTF-8, counted without encoding it (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
