/**
 * The run profiles the Testing view offers. Plain module (no 'vscode' import), so it is tested alone.
 *
 * "Run and Update Snapshots" writes each file's snapshot file beside it; a host that cannot write
 * one (the web build: its server has no file to compare with or write, send/testRun.ts `snapshotsOf`)
 * does not offer it, rather than offer a run that would say nothing was written.
 */

/** How a run goes: Run, Run and Update Snapshots, or Debug. */
export interface RunMode {
  updateSnapshots: boolean;
  /** One test at a time, stop at the first failure, each exchange in the output, the failure shown. */
  debug: boolean;
}

export interface RunProfile {
  label: string;
  kind: 'run' | 'debug';
  /** The profile VS Code runs by default for its kind. */
  isDefault: boolean;
  mode: RunMode;
}

export function testRunProfiles(host: { writesSnapshots: boolean }): RunProfile[] {
  const profiles: RunProfile[] = [{ label: 'Run', kind: 'run', isDefault: true, mode: { updateSnapshots: false, debug: false } }];
  if (host.writesSnapshots) profiles.push({ label: 'Run and Update Snapshots', kind: 'run', isDefault: false, mode: { updateSnapshots: true, debug: false } });
  profiles.push({ label: 'Debug', kind: 'debug', isDefault: true, mode: { updateSnapshots: false, debug: true } });
  return profiles;
}
