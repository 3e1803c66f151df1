/**
 * Resolution at send time: file variables and environment variables (the core's `resolveText`),
 * then named responses. Nothing may stay unresolved: a request with a `{{...}}` left in it is not
 * sent, because the service would take the braces literally.
 */
import { resolveBuiltin, type BuiltinRuntime } from '../analysis/builtins';
import { lookupVariable, resolveText, type FileContext } from '../analysis/fileContext';
import { OPAQUE_MARK } from '../syntax/jsonBody';
import { loneSurrogateAt, loneSurrogateReason } from '../syntax/loneSurrogate';
import { BigIntText, readLosslessBody } from './losslessJson';
import { lookupResponseRef, refText, type NamedResponses } from './namedResponses';

/** A reference that cannot be resolved; its message is one line for the user. */
export class UnresolvedReference extends Error {}

const REF_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * How response values are spliced into text. In a path, query or form text, a value is
 * percent-encoded so that a `/`, `&` or `%` in it stays part of the value (the text is decoded once
 * afterwards, as everything written in those places is). In JSON strings it goes in as it is.
 */
export type SpliceMode = 'encoded' | 'plain';

export function resolveForSend(text: string, ctx: FileContext, responses: NamedResponses, mode: SpliceMode, runtime?: BuiltinRuntime): string {
  const first = resolveText(text, ctx);
  if (!first.opaque) return first.text;
  return first.text.replace(REF_RE, (_whole, expr: string) => {
    if (expr.startsWith('$')) {
      // The built-ins decided now (`$guid`, the timestamps, `$randomInt`), or why this one cannot be.
      const b = resolveBuiltin(expr, ctx.env, runtime);
      if (b.kind === 'value') return mode === 'encoded' ? encodeValue(expr, b.value) : b.value;
      throw new UnresolvedReference(b.kind === 'missing' ? b.message : `\`{{${expr}}}\` is decided at send time, but no clock was given`);
    }
    const found = lookupResponseRef(expr, responses);
    if (found.kind === 'value') {
      const value = refText(found.value);
      return mode === 'encoded' ? encodeValue(expr, value) : value;
    }
    if (found.kind === 'missing') throw new UnresolvedReference(found.message);
    throw new UnresolvedReference(`\`{{${expr}}}\` is not defined: no file variable, environment variable or named request has that name`);
  });
}

/** Percent-encodes a value; one that holds a lone surrogate cannot be (REQ-LONE-SURROGATE), and the request is not sent. */
function encodeValue(expr: string, value: string): string {
  const at = loneSurrogateAt(value);
  if (at >= 0) throw new UnresolvedReference(`the value of \`{{${expr}}}\` ${loneSurrogateReason(value, at)}`);
  return encodeURIComponent(value);
}

/**
 * Resolves the references inside a JSON body value. An unquoted `{{ref}}` takes the referenced value
 * with its JSON type (a response's string id stays a string; a variable holding JSON text becomes
 * that value); a `{{ref}}` inside a string is spliced into the string.
 */
export function resolveJsonValue(value: unknown, ctx: FileContext, responses: NamedResponses, runtime?: BuiltinRuntime): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) === OPAQUE_MARK.charCodeAt(0)) return resolveUnquoted(value.slice(1, value.lastIndexOf(OPAQUE_MARK)).trim(), ctx, responses, runtime);
    return value.indexOf('{{') >= 0 ? resolveForSend(value, ctx, responses, 'plain', runtime) : value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveJsonValue(v, ctx, responses, runtime));
  if (value !== null && typeof value === 'object' && !(value instanceof BigIntText)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = resolveJsonValue(v, ctx, responses, runtime);
    return out;
  }
  return value;
}

function resolveUnquoted(expr: string, ctx: FileContext, responses: NamedResponses, runtime?: BuiltinRuntime): unknown {
  if (!expr.startsWith('$') && lookupVariable(expr, ctx) === undefined) {
    const found = lookupResponseRef(expr, responses);
    if (found.kind === 'value') return found.value;
  }
  const text = resolveForSend(`{{${expr}}}`, ctx, responses, 'plain', runtime);
  const parsed = readLosslessBody(text);
  return parsed.errors.length === 0 && parsed.value !== undefined ? parsed.value : text;
}
