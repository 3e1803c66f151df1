/**
 * The emulator's own bounds on what one call may carry, checked while the request is read and
 * before anything else works on it: how many parameters, how deeply a field list nests, and how long
 * an id may be. The documents give none of these numbers; each is far above what a documented call
 * needs (docs/emulator.md, Limits). A call over a bound is refused with code 100 (invalid
 * parameter), so a hostile request costs a quick refusal instead of the rule engine's time, and can
 * never reach code that would answer 500.
 */
import { invalidParameter, type ServiceError } from './envelope';

/** The documented endpoints take at most 48 parameters (ad set creation); 100 leaves room for mistakes to be reported. */
export const MAX_PARAMS = 100;
/** Objects, lists and field lists nested deeper than this are refused: no documented value comes close. */
export const MAX_NESTING = 64;
/**
 * An id (a path segment, `id`, or one entry of `ids`) of more characters is refused. URL ids are the
 * long ones; 16,000 characters stays below the length from which V8 stops hashing a string's
 * content, so long URLs never share one hash bucket.
 */
export const MAX_ID_LENGTH = 16_000;
/** `ids=a,b,c` names at most this many objects in one call. */
export const MAX_IDS = 1_000;

export function tooManyParams(): ServiceError {
  return invalidParameter(undefined, `The call has more than ${MAX_PARAMS} parameters; the emulator takes at most ${MAX_PARAMS} (the documented endpoints take at most 48).`, [], 'Too many parameters');
}

/** Nesting of a field list: `{` selections and `(` modifier arguments. */
export function fieldListDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x28 /* ( */) {
      if (++depth > max) max = depth;
      if (max > MAX_NESTING) return max;
    } else if ((c === 0x7d /* } */ || c === 0x29) /* ) */ && depth > 0) depth--;
  }
  return max;
}

export function checkFieldList(name: string, text: string): void {
  const depth = fieldListDepth(text);
  if (depth > MAX_NESTING) {
    throw invalidParameter(undefined, `\`${name}\` nests field selections more than ${MAX_NESTING} levels deep; the emulator accepts at most ${MAX_NESTING}.`, [name], 'Field list nested too deeply');
  }
}

/** `id`, each entry of `ids`, and each path segment. */
export function checkIds(name: string, value: string): void {
  const ids = name === 'ids' ? value.split(',') : [value];
  if (ids.length > MAX_IDS) {
    throw invalidParameter(undefined, `\`ids\` names ${ids.length} objects; the emulator reads at most ${MAX_IDS} in one call.`, ['ids'], 'Too many ids');
  }
  for (const id of ids) checkIdLength(name, id);
}

export function checkIdLength(where: string, id: string): void {
  if (id.length > MAX_ID_LENGTH) {
    throw invalidParameter(undefined, `An id in \`${where.slice(0, 40)}\` has ${id.length} characters; the emulator accepts ids of at most ${MAX_ID_LENGTH}.`, where === 'path' ? [] : [where], 'Id too long');
  }
}
