/**
 * Lookups by a key that came from a request (an id, a parameter or field name). A plain object
 * answers `__proto__` and `constructor` from its prototype; these never do.
 */
export function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return hasOwn(record, key) ? record[key] : undefined;
}
