/**
 * Lookups by a key that came from a request (an id, a parameter or field name). A plain object
 * answers `__proto__` and `constructor` from its prototype; these never do.
 */
export function hasOwn(record: object, key: string): boolean {
  // One built-in call (`hasOwnProperty.call` is two): every valid request asks this of each of its
  // parameters, mostly before V8 has optimized the caller.
  return Object.hasOwn(record, key);
}

export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return hasOwn(record, key) ? record[key] : undefined;
}
