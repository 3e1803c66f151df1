/**
 * The account context `graphreq check` uses, the same as the language server's for the same
 * workspace and environment (lsp/documentInputs.ts): without a base URL, the embedded emulator's state.
 */
import type { AccountContext, EnvironmentSettings } from '../core';
import { readEmulatorContext } from './emulatorSource';

export interface CheckContextRead {
  context?: AccountContext;
  /** One line each: why part of the context could not be read. */
  notes: string[];
}

export function checkContext(o: { env: EnvironmentSettings; workspace: string }): CheckContextRead {
  if (o.env.baseUrl) return { notes: [] };
  const read = readEmulatorContext(o.workspace);
  return { context: read.context, notes: read.note ? [read.note] : [] };
}
