/**
 * CodeLens commands that outlive VS Code's lists of lenses (client/src/lensCommands.ts). The e2e walk
 * once clicked "Send request" and got "Actual command not found, wanted to execute graphreq.send /3":
 * VS Code had replaced the list the lens was drawn from. `VsCodeLenses` below is what VS Code 1.100
 * does with a provider's lenses (extHostCommands.ts `CommandsConverter.toInternal`, and
 * codelensController.ts): a command with arguments is kept under an id made for its list
 * (`graphreq.send /3`) and forgotten when the list is released, which happens once a newer list is
 * drawn in view, while a lens out of view keeps its old link.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StableLensCommands, type LensCommand } from '../../client/src/lensCommands';

class VsCodeLenses {
  private readonly cache = new Map<string, LensCommand>();
  private pool = 0;
  readonly commands = new Map<string, () => unknown>();
  /** What the server's commands received (the language client's registered commands). */
  readonly ran: Array<{ command: string; args: unknown[] }> = [];

  constructor() {
    for (const command of ['graphreq.send', 'graphreq.test']) this.commands.set(command, () => undefined);
  }

  /** One list of lenses, as the main thread gets it: each link's command id and arguments; `release` forgets it. */
  provide(lenses: LensCommand[]): { links: Array<{ id: string; args: unknown[] }>; release(): void } {
    const ids: string[] = [];
    const links = lenses.map((c) => {
      if (!c.arguments?.length) return { id: c.command, args: [] };
      const id = `${c.command} /${++this.pool}`;
      this.cache.set(id, c);
      ids.push(id);
      return { id: '_internal_command_delegation', args: [id] };
    });
    return { links, release: () => ids.forEach((id) => this.cache.delete(id)) };
  }

  /** A click on a link. */
  click(link: { id: string; args: unknown[] }): void {
    if (link.id === '_internal_command_delegation') {
      const actual = this.cache.get(link.args[0] as string);
      if (!actual) throw new Error(`Actual command not found, wanted to execute ${String(link.args[0])}`);
      return this.execute(actual.command, actual.arguments ?? []);
    }
    this.execute(link.id, link.args);
  }

  execute(command: string, args: unknown[]): void {
    const handler = this.commands.get(command);
    if (!handler) throw new Error(`command '${command}' not found`);
    if (command.startsWith('graphreq.') && !command.startsWith('graphreq.lens.')) this.ran.push({ command, args });
    handler();
  }
}

const URI = 'file:///w/requests.graphreq';
const serverLenses = (): LensCommand[] => [
  { command: 'graphreq.send', arguments: [{ uri: URI, index: 1 }] },
  { command: 'graphreq.send', arguments: [{ uri: URI, index: 2 }] },
  { command: 'graphreq.test', arguments: [{ uri: URI, keys: ['read'] }] },
];

function setup(): { vscode: VsCodeLenses; lenses: StableLensCommands } {
  const vscode = new VsCodeLenses();
  const lenses = new StableLensCommands(
    (id, handler) => {
      vscode.commands.set(id, handler);
      return { dispose: () => vscode.commands.delete(id) };
    },
    (command, args) => vscode.execute(command, args),
  );
  return { vscode, lenses };
}

describe('CodeLens commands across lists of lenses', () => {
  it('a link drawn from a released list still runs the server\'s command with its arguments', () => {
    const { vscode, lenses } = setup();
    // The first list, drawn while its lenses were in view; the editor got its focus back and asked again.
    const first = vscode.provide(serverLenses().map((c) => lenses.stable(URI, c)));
    const second = vscode.provide(serverLenses().map((c) => lenses.stable(URI, c)));
    // The newer list is drawn in view, the older released; the lens out of view keeps its first link.
    first.release();
    vscode.click(first.links[0]);
    vscode.click(second.links[1]);
    vscode.click(first.links[2]);
    assert.deepEqual(vscode.ran, [
      { command: 'graphreq.send', args: [{ uri: URI, index: 1 }] },
      { command: 'graphreq.send', args: [{ uri: URI, index: 2 }] },
      { command: 'graphreq.test', args: [{ uri: URI, keys: ['read'] }] },
    ]);
  });

  it('the same command and arguments keep one id; what it runs can be read back; a closed document\'s ids go', () => {
    const { vscode, lenses } = setup();
    const a = serverLenses().map((c) => lenses.stable(URI, c));
    const b = serverLenses().map((c) => lenses.stable(URI, c));
    assert.deepEqual(a, b);
    assert.ok(a.every((c) => c.arguments === undefined && c.command.startsWith('graphreq.lens.')));
    assert.equal(lenses.size, 3);
    assert.deepEqual(lenses.target(a[1]), serverLenses()[1]);
    assert.deepEqual(lenses.target({ command: 'other' }), { command: 'other' }, 'a command not made here is itself');
    // A command without arguments is left as it is.
    assert.deepEqual(lenses.stable(URI, { command: 'graphreq.showSendAllForecast' }), { command: 'graphreq.showSendAllForecast' });
    // Another document shows the first lens too: closing this one keeps it.
    lenses.stable('file:///w/other.graphreq', serverLenses()[0]);
    lenses.forget(URI);
    assert.equal(lenses.size, 1);
    assert.ok(vscode.commands.has(a[0].command) && !vscode.commands.has(a[1].command));
    lenses.dispose();
    assert.equal(lenses.size, 0);
  });
});
