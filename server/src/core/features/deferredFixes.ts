/**
 * A finding's fixes, computed when first read. Diagnostics need no fixes: only a code action,
 * "fix all" and `check --fix` read them. Computing the fixes of every finding up front (a jsonc
 * `modify` of the body for each value fix) was a twentieth of a check of a file being written.
 *
 * `fixes` stays an ordinary enumerable property to its readers: the first read runs the
 * computation and replaces the getter with the value (a spread, `JSON.stringify` and
 * `assert.deepStrictEqual` read it too, and then see the computed fixes).
 */
import type { Finding, Fix } from '../types';

/** The computation of a finding's deferred fixes, held out of sight of spreads, keys and JSON. */
const COMPUTE = Symbol('computeFixes');

type Deferred = Finding & { [COMPUTE]?: () => Fix[] | undefined };

/**
 * One getter and one setter for every deferred finding: V8 then gives them all one hidden class
 * (a getter per finding made a class per finding, and the garbage collector paid for it).
 */
const ACCESSOR: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Deferred): Fix[] | undefined {
    const fixes = this[COMPUTE]?.();
    settle(this, fixes);
    return fixes;
  },
  set(this: Deferred, value: Fix[] | undefined) {
    settle(this, value);
  },
};

/** Makes `f.fixes` the result of `compute` (undefined when it finds none), computed on the first read. */
export function deferFixes(f: Finding, compute: () => Fix[] | undefined): void {
  Object.defineProperty(f, COMPUTE, { value: compute, configurable: true, writable: true });
  Object.defineProperty(f, 'fixes', ACCESSOR);
}

function settle(f: Deferred, value: Fix[] | undefined): void {
  Object.defineProperty(f, 'fixes', { value, enumerable: true, configurable: true, writable: true });
  f[COMPUTE] = undefined;
}

/** Whether `f.fixes` is still to be computed. */
export function fixesDeferred(f: Finding): boolean {
  return (f as Deferred)[COMPUTE] !== undefined;
}

/**
 * A copy of `f` with `changes`, its fixes passed through `map`: still deferred when they are in `f`
 * (a spread would compute them). `map` may be left out for a finding that has no fixes, deferred or not.
 */
export function copyFinding(f: Finding, changes: Partial<Omit<Finding, 'fixes'>>, map: ((fix: Fix) => Fix) | undefined): Finding {
  const out: Record<string, unknown> = {};
  const source = f as unknown as Record<string, unknown>;
  // for-in, not Object.keys: no array a finding (a finding is a plain object, its prototype has nothing enumerable).
  for (const k in source) if (k !== 'fixes') out[k] = source[k];
  Object.assign(out, changes);
  const copy = out as unknown as Finding;
  if (fixesDeferred(f)) deferFixes(copy, () => f.fixes?.map(map!));
  else copy.fixes = map ? f.fixes?.map(map) : f.fixes;
  return copy;
}
