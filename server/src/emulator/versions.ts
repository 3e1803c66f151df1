/**
 * Which version answers a call ([3] Versioning): the path's `v<major>.<minor>`, or for a call
 * without one the configured default (the app dashboard's setting). A version expires two years
 * after its successor's release. An expired version either fails with 2635 (the rule engine's
 * REQ-VERSION-EXPIRED finding, given the release table) or, with `expiredVersions: "route"`, is
 * answered by the nearest available version: [3] says "the next available version in the older
 * direction", but every version older than an expired one has expired too, so the emulator takes
 * the oldest version still available (docs/emulator.md, Decisions).
 */
import { parseVersion, type Version } from '../core';
import type { EmulatorConfig } from './config';

export interface VersionChoice {
  /** The version whose rules and fields answer the call. */
  version: Version;
  source: 'path' | 'default';
  /** The expired version the call named, when it was routed. */
  routedFrom?: string;
}

function compare(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor;
}

/** The release table, oldest first. */
export function releasedVersions(config: EmulatorConfig): Version[] {
  return Object.keys(config.releases)
    .map((t) => parseVersion(t))
    .filter((v): v is Version => v !== undefined)
    .sort(compare);
}

/** The date (YYYY-MM-DD) on which `v` expires, or undefined while it has no successor. */
export function expiryDate(v: Version, config: EmulatorConfig): string | undefined {
  const successor = releasedVersions(config).find((k) => compare(k, v) > 0);
  if (!successor) return undefined;
  const released = config.releases[successor.text];
  return `${Number(released.slice(0, 4)) + 2}${released.slice(4)}`;
}

export function isExpired(v: Version, config: EmulatorConfig, today: string): boolean {
  const expiry = expiryDate(v, config);
  return expiry !== undefined && expiry <= today;
}

/**
 * The version that answers. A version the release table does not publish (newer than the latest,
 * released after today, or between listed ones) answers itself here: the rule engine refuses it
 * (REQ-VERSION-UNKNOWN, as the editor reports it), after the call has been counted like every call.
 */
export function chooseVersion(pathVersion: Version | undefined, config: EmulatorConfig, today: string): VersionChoice {
  if (!pathVersion) {
    return { version: parseVersion(config.defaultVersion ?? config.latestVersion)!, source: 'default' };
  }
  if (config.expiredVersions === 'route' && isExpired(pathVersion, config, today)) {
    const known = releasedVersions(config);
    const latest = parseVersion(config.latestVersion)!;
    const target = known.find((k) => compare(k, pathVersion) > 0 && !isExpired(k, config, today)) ?? latest;
    return { version: target, source: 'path', routedFrom: pathVersion.text };
  }
  return { version: pathVersion, source: 'path' };
}
