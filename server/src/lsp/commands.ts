/**
 * workspace/executeCommand: the send commands, implemented by the sending layer (sendCommand.ts).
 * Kept apart from server.ts so that the server can be started without the sender in tests.
 */
import type { CommandContext } from './server';

export async function executeServerCommand(command: string, _args: unknown[], _ctx: CommandContext): Promise<unknown> {
  throw new Error(`${command}: sending is not available yet`);
}
