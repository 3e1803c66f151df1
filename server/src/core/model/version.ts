/** API versions: `v<major>.<minor>` ([3] Versioning 1). */
export interface Version {
  major: number;
  minor: number;
  text: string;
}

// No leading zeros: `v023.0` would name v23.0 to the editor but not match the release table's `v23.0`.
const VERSION_RE = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** A path segment that was meant as a version but is not in the documented form (`v23`, `V23.0`, `v23.0.1`, `v023.0`). */
const VERSION_LIKE_RE = /^[vV]\d+([._]\d+)*$/;

export function parseVersion(text: string): Version | undefined {
  const m = VERSION_RE.exec(text);
  return m ? { major: Number(m[1]), minor: Number(m[2]), text } : undefined;
}

export function looksLikeVersion(text: string): boolean {
  return VERSION_LIKE_RE.test(text);
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor;
}

/** The versions of the schemas' gates (`x-since`, `x-until`), a handful of texts: read once each, not at every request. */
const gateVersions = new Map<string, Version | undefined>();
function gateVersion(gate: string): Version | undefined {
  let v = gateVersions.get(gate);
  if (v === undefined && !gateVersions.has(gate)) {
    v = parseVersion(gate);
    // Bounded: a gate may also come from a user's text.
    if (gateVersions.size >= 256) gateVersions.clear();
    gateVersions.set(gate, v);
  }
  return v;
}

/** True when `v` is at least `gate` (`"v3.2"`). An unknown version counts as new (the latest is the default). */
export function atLeast(v: Version | undefined, gate: string): boolean {
  const g = gateVersion(gate);
  if (!v || !g) return true;
  return compareVersions(v, g) >= 0;
}

/** The documented form of a version-like segment, for quick fixes: `v23` -> `v23.0`. */
export function normalizeVersion(text: string): string | undefined {
  const m = /^[vV](\d+)(?:[._](\d+))?/.exec(text);
  return m ? `v${Number(m[1])}.${Number(m[2] ?? '0')}` : undefined;
}
