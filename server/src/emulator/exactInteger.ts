/**
 * Integers past 2^53 in answers (docs/rules.md, "Decision: int64"): the emulator stores them as their
 * digits, since a JavaScript number cannot hold them, and answers them digit for digit as JSON
 * numbers wherever the node schema types the field an integer, top-level or nested in objects and
 * lists (`attribution_spec[0].window_days`). Numeric-string fields (`daily_budget`) stay strings.
 */
import { hex, randomBytes } from './hostCrypto';
import { resolveRef } from '../core';
import type { JsonSchema } from '../core/model/schemaTypes';

/** An integer kept as its digits, written into the answer as a JSON number. */
export class ExactInteger {
  constructor(readonly digits: string) {}
  /** JSON.stringify writes this marked string; `writeAnswer` turns it back into a bare number. */
  toJSON(): string {
    return `${MARK}${this.digits}`;
  }
}

// A mark no caller can write into a stored text: it holds a secret of this process.
const NONCE = hex(randomBytes(8));
const MARK = `\u0000${NONCE}:`;
const MARKED = new RegExp(`"\\\\u0000${NONCE}:(-?\\d+)"`, 'g');

/** `value` with every integer-typed digit string beyond 2^53 as an ExactInteger, as `schema` types it. */
export function exactIntegers(value: unknown, schemaIn: JsonSchema | undefined, root: JsonSchema): unknown {
  if (!schemaIn || value === null || value === undefined) return value;
  const schema = resolveRef(schemaIn, root);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (typeof value === 'string') {
    return types.includes('integer') && !types.includes('string') && /^-?\d+$/.test(value) && !Number.isSafeInteger(Number(value)) ? new ExactInteger(value) : value;
  }
  if (Array.isArray(value)) return schema.items ? value.map((v) => exactIntegers(v, schema.items, root)) : value;
  if (typeof value === 'object') {
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    if (!schema.properties && !extra) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const sub = Object.prototype.hasOwnProperty.call(schema.properties ?? {}, k) ? schema.properties![k] : extra;
      Object.defineProperty(out, k, { value: exactIntegers(v, sub, root), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** The JSON text of an answer, ExactIntegers written as bare numbers. */
export function writeAnswer(body: unknown): string {
  const text = JSON.stringify(body);
  return text !== undefined && text.includes(NONCE) ? text.replace(MARKED, '$1') : text;
}
