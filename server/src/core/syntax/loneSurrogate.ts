/**
 * Lone surrogates: half of a UTF-16 surrogate pair without its other half. A JavaScript string can
 * hold one (a JSON escape `"\ud800"`, a service's answer, a variable of graphreq.env.json), but UTF-8
 * cannot encode it, so such text can be neither percent-encoded for a URL nor sent in a body.
 * REQ-LONE-SURROGATE reports them where they are written; send refuses the request that holds one
 * (that request alone: the run goes on).
 */
import type { Span } from '../types';

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The offsets of the lone surrogates of `s` (at most `max`). */
export function loneSurrogateOffsets(s: string, max: number): number[] {
  // Nearly all text is well formed: the engine's own test is about ten times faster than the
  // regular expression's lookarounds (a twentieth of a cold check of 16 MB went to them).
  if (wellFormed(s)) return [];
  const out: number[] = [];
  LONE.lastIndex = 0;
  for (let m = LONE.exec(s); m && out.length < max; m = LONE.exec(s)) out.push(m.index);
  return out;
}

/** `String.prototype.isWellFormed` (ES2024; Node 20 and current browsers), else the regular expression. */
function wellFormed(s: string): boolean {
  const native = (s as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(s) : false;
}

/** The offset of the first lone surrogate of `s`, or -1. */
export function loneSurrogateAt(s: string): number {
  return loneSurrogateOffsets(s, 1)[0] ?? -1;
}

/** Why text holding a lone surrogate at `at` is not sent: the end of a one-line message whose subject comes first. */
export function loneSurrogateReason(s: string, at: number): string {
  return `holds \`${surrogateEscape(s, at)}\`, half of a UTF-16 surrogate pair without its other half, which UTF-8 cannot carry (REQ-LONE-SURROGATE)`;
}

/** `\ud800` as it is written in JSON: how a message names the code unit. */
export function surrogateEscape(s: string, at: number): string {
  return `\\u${s.charCodeAt(at).toString(16).padStart(4, '0')}`;
}

/**
 * The `\uXXXX` escapes of a JSON text that stand for a lone surrogate, as spans of the text (at most
 * `max`). Escapes are read left to right, so `\\ud800` (an escaped backslash, then text) is none.
 * Comments must be blanked first (jsonBody.ts cleanJsonc keeps every offset).
 */
export function loneSurrogateEscapes(json: string, max = 10): Span[] {
  const out: Span[] = [];
  if (json.indexOf('\\u') < 0) return out;
  const escape = /\\(?:u([dD][89abAB][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})?|u[dD][c-fC-F][0-9a-fA-F]{2}|[^])/g;
  for (let m = escape.exec(json); m && out.length < max; m = escape.exec(json)) {
    const high = m[1] !== undefined;
    const lowOnly = !high && m[0].length === 6;
    if ((high && m[2] === undefined) || lowOnly) out.push({ start: m.index, end: m.index + 6 });
  }
  return out;
}

/** `s` with each lone surrogate written as its escape, so that a message can show where it is. */
export function showLoneSurrogates(s: string): string {
  return s.replace(LONE, (m) => surrogateEscape(m, 0));
}
