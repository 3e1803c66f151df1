/**
 * [3] Versioning 5 (REQ-VERSION-APP-HISTORY): "An app may call an older version while it is
 * available and only if the app already made calls to it; an app that made no calls before a later
 * version was released can call only that version and newer ones."
 *
 * The emulator keeps, per calling app (the token's app), when it first called and which versions it
 * has called (`versionHistory` in the state, so `--data` keeps it). A call to a version the app has
 * called before is answered; so is a call to the version that was the latest when the app first
 * called, or a newer one. Any other version is older than the app: 2635. The seeded demo app has been
 * calling since before v3.0, so every available version answers it; another app starts with its first
 * call, unless the configuration says when it started (`apps.<id>.firstCall`, or `defaultApp.firstCall`
 * for every app; docs/emulator.md).
 */
import { compareVersions, parseVersion, type Version } from '../core';
import { appSettings, type EmulatorConfig } from './config';
import { ServiceError } from './envelope';
import { seedVersionHistory } from './seed';
import type { StateStore } from './stateStore';
import { releasedVersions } from './versions';

/** The latest version released on or before `day` (YYYY-MM-DD), if any. */
function latestOn(day: string, config: EmulatorConfig): Version | undefined {
  return releasedVersions(config)
    .filter((v) => config.releases[v.text] <= day)
    .pop();
}

/**
 * Records the call to `version` in the app's history, or refuses it with 2635 when the app may not
 * call that version. Writes the state when the history changed.
 */
export async function checkVersionHistory(store: StateStore, app: string, version: Version, config: EmulatorConfig, now: number): Promise<void> {
  const state = store.state;
  // A state written before histories were kept starts from the seed's: the demo app keeps every version.
  const histories = (state.versionHistory ??= seedVersionHistory());
  let history = Object.prototype.hasOwnProperty.call(histories, app) ? histories[app] : undefined;
  let changed = false;
  if (!history) {
    const configured = appSettings(config, app).firstCall;
    history = { first_call: configured ? Date.parse(`${configured}T00:00:00Z`) : now, versions: [] };
    Object.defineProperty(histories, app, { value: history, enumerable: true, writable: true, configurable: true });
    changed = true;
  }
  if (!history.versions.includes(version.text)) {
    const firstDay = new Date(history.first_call).toISOString().slice(0, 10);
    const floor = latestOn(firstDay, config);
    if (floor && compareVersions(version, floor) < 0) {
      if (changed) await store.commit();
      throw new ServiceError({
        status: 400,
        code: 2635,
        message: `(#2635) App ${app} cannot call ${version.text}: it made no calls to it, and its first call came after ${floor.text} was released`,
        transient: false,
        userTitle: 'Older version not available to this app',
        userMessage: `An app calls an older version only if it called it before; app ${app} first called on ${firstDay}, when ${floor.text} was the latest, so it can call ${floor.text} and newer ([3] Versioning 5). If the app is older, say when it first called in the emulator's configuration: apps.${app}.firstCall (docs/emulator.md).`,
        rule: 'REQ-VERSION-APP-HISTORY',
      });
    }
    history.versions.push(version.text);
    changed = true;
  }
  if (changed) await store.commit();
}

/** The version a call names, when [3] Versioning 5 applies to it: a path version that was not routed. */
export function namedVersion(source: 'path' | 'default', routedFrom: string | undefined, version: Version): Version | undefined {
  if (source !== 'path' || routedFrom) return undefined;
  return parseVersion(version.text);
}
