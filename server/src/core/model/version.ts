/** API versions: `v<major>.<minor>` ([3] Versioning 1). */
export interface Version {
  major: number;
  minor: number;
  text: string;
}

// No leading zeros: `v023.0` would name v23.0 to the editor but not match the release table's `v23.0`.
const VERSION_RE = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/**
 * A path segment that was meant as a version but is not in the documented form: `v23`, `V23.0`, `v23.0.1`,
 * `v023.0`, `v23.` or `v23.x` (a `v`, a number and what follows it), and `23.0` (the numbers without the `v`).
 * No node is named so: ad set ids are digits alone, thread ids start `t_`, a URL node is read at the root.
 */
const VERSION_LIKE_RE = /^(?:[vV]\d+(?:[._][0-9A-Za-z]*)*|\d+(?:[._]\d+)+)$/;

export function parseVersion(text: string): Version | undefined {
  let v = versions.get(text);
  if (v === undefined && !versions.has(text)) {
    const m = VERSION_RE.exec(text);
    v = m ? Object.freeze({ major: Number(m[1]), minor: Number(m[2]), text }) : undefined;
    // Bounded: the texts are whatever the user wrote.
    if (versions.size >= 256) versions.clear();
    versions.set(text, v);
  }
  return v;
}

/**
 * The versions read so far, by text: a file names a handful (its requests' `v23.0`, the latest, the
 * schemas' gates) thousands of times, and each check of a request read some of them again.
 */
const versions = new Map<string, Version | undefined>();

export function looksLikeVersion(text: string): boolean {
  return VERSION_LIKE_RE.test(text);
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor;
}

/** True when `v` is at least `gate` (`"v3.2"`). An unknown version counts as new (the latest is the default). */
export function atLeast(v: Version | undefined, gate: string): boolean {
  const g = parseVersion(gate);
  if (!v || !g) return true;
  return compareVersions(v, g) >= 0;
}

/** The documented form of a version-like segment, for quick fixes: `v23` -> `v23.0`. */
export function normalizeVersion(text: string): string | undefined {
  const m = /^[vV]?(\d+)(?:[._](\d+))?/.exec(text);
  return m ? `v${Number(m[1])}.${Number(m[2] ?? '0')}` : undefined;
}
