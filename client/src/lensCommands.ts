/**
 * CodeLens commands that outlive VS Code's lists of lenses. Plain module (no 'vscode' import).
 *
 * VS Code keeps the arguments of a lens's command in the extension host, under an id made for that
 * one list of lenses (`graphreq.send /3`), and forgets them once it has a newer list. It asks for the
 * lenses again each time the editor gets its focus back (after Quick Open, a panel, a dialog), and a
 * lens out of view keeps the link it was drawn with: scrolled back into view, it is drawn again only
 * 250 ms or more later. A click in that moment ran nothing and showed "Actual command not found,
 * wanted to execute graphreq.send /3" (the e2e walk scrolls to the top and clicks at once).
 * A command without arguments goes to VS Code by its id alone, so each lens gets one here: one id
 * for each distinct command and arguments, registered once and kept while its document is open,
 * that runs the server's command with those arguments. A link drawn from an older list runs the
 * same thing as the current one.
 */

/** The parts of vscode.Command this reads (a lens's command). */
export interface LensCommand {
  command: string;
  arguments?: unknown[];
}

interface Disposable {
  dispose(): void;
}

/** The prefix of the ids made here (registered with VS Code, never contributed to its palette). */
export const LENS_COMMAND_PREFIX = 'graphreq.lens.';

export class StableLensCommands implements Disposable {
  /** Command and arguments (as JSON) → the id made for them. */
  private readonly ids = new Map<string, string>();
  /** The id made → the command it runs (for readers of the lenses: the request at the cursor). */
  private readonly targets = new Map<string, LensCommand>();
  /** Per document: the keys of its lenses, dropped when it closes. */
  private readonly keysOf = new Map<string, Set<string>>();
  private readonly registered = new Map<string, Disposable>();
  private count = 0;

  /**
   * `register`: registers a command with the editor (vscode.commands.registerCommand);
   * `run`: runs a command with arguments (vscode.commands.executeCommand).
   */
  constructor(
    private readonly register: (id: string, handler: () => unknown) => Disposable,
    private readonly run: (command: string, args: unknown[]) => unknown,
  ) {}

  /** The command of a lens of `document`, as a command without arguments; the same id for the same command and arguments. */
  stable<C extends LensCommand>(document: string, c: C): C {
    if (!c.arguments?.length) return c;
    const key = `${c.command}\u0000${JSON.stringify(c.arguments)}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = `${LENS_COMMAND_PREFIX}${++this.count}`;
      const { command, arguments: args } = c;
      this.registered.set(id, this.register(id, () => this.run(command, args)));
      this.ids.set(key, id);
      this.targets.set(id, { command, arguments: args });
    }
    let keys = this.keysOf.get(document);
    if (!keys) this.keysOf.set(document, (keys = new Set()));
    keys.add(key);
    return { ...c, command: id, arguments: undefined };
  }

  /** The command a lens's command runs: the server's, with its arguments (itself when it is not one made here). */
  target(c: LensCommand): LensCommand {
    return this.targets.get(c.command) ?? c;
  }

  /** A document closed: its lenses' commands are no longer shown anywhere. */
  forget(document: string): void {
    const keys = this.keysOf.get(document);
    if (!keys) return;
    this.keysOf.delete(document);
    const stillShown = new Set([...this.keysOf.values()].flatMap((k) => [...k]));
    for (const key of keys) {
      if (stillShown.has(key)) continue;
      const id = this.ids.get(key)!;
      this.ids.delete(key);
      this.targets.delete(id);
      this.registered.get(id)?.dispose();
      this.registered.delete(id);
    }
  }

  /** How many commands are registered now. */
  get size(): number {
    return this.registered.size;
  }

  dispose(): void {
    for (const r of this.registered.values()) r.dispose();
    this.registered.clear();
    this.ids.clear();
    this.targets.clear();
    this.keysOf.clear();
  }
}
