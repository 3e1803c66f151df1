/**
 * The embedded emulators of a host that lives long (the language server): the workspace's own
 * emulator for each workspace folder (workspaceEmulator.ts), started on first use and kept until
 * dispose, and one in memory for documents outside any folder.
 *
 * An emulator served by another process (a `graphreq send` run in a terminal) is asked for again
 * before each send, because that process may have ended since: the next send then starts this
 * host's own emulator on the same state.
 */
import { openTarget, type EmbeddedOptions, type Target } from './target';
import { openWorkspaceEmulator, WorkspaceEmulatorError, type WorkspaceTarget } from './workspaceEmulator';

export class EmbeddedTargets {
  private readonly owned = new Map<string, Promise<Target>>();

  constructor(private readonly options: EmbeddedOptions = {}) {}

  /** The embedded emulator for a document of `workspace` (null: outside any folder). Throws WorkspaceEmulatorError. */
  async get(workspace: string | null): Promise<Target> {
    const key = workspace ?? '';
    const known = this.owned.get(key);
    if (known) {
      const target = await known.catch(() => undefined);
      if (target && (target as Partial<WorkspaceTarget>).ownerPid === undefined) return target;
      if (target && (target as WorkspaceTarget).ownerPid === process.pid) return target;
      this.owned.delete(key);
    }
    const opening = workspace ? this.openForWorkspace(workspace) : openTarget(undefined, this.options);
    this.owned.set(key, opening);
    opening.catch(() => this.owned.delete(key));
    return opening;
  }

  async dispose(): Promise<void> {
    const all = [...this.owned.values()];
    this.owned.clear();
    await Promise.allSettled(all.map(async (t) => (await t).close()));
  }

  private async openForWorkspace(workspace: string): Promise<Target> {
    try {
      return await openWorkspaceEmulator(workspace, this.options);
    } catch (e) {
      if (e instanceof WorkspaceEmulatorError) throw e;
      // A folder where nothing can be written still gets an emulator, one that forgets on exit.
      return openTarget(undefined, this.options);
    }
  }
}
