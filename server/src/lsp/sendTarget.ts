/**
 * The desktop's side of "where the token goes" (editorTarget.ts): the environment file of the
 * document is found on disk, within its workspace folder.
 */
import { filePathOf } from './filePath';
import * as path from 'node:path';
import type { SendFailure } from '../core/send';
import { findWorkspaceEnvFile } from '../files/envFile';
import type { TrustRecords } from '../send/tokenChoice';
import type { SendCommandArgs, ServerSettings } from './protocol';
import { readWorkspaceEnvironment } from './diskEnvironment';
import { chooseTarget, type EditorTarget } from './editorTarget';

export type { EditorTarget } from './editorTarget';

export async function chooseEditorTarget(
  args: Omit<SendCommandArgs, 'index'>,
  context: { workspaceFolder: string | null; settings: ServerSettings; showsSendResults?: boolean },
  deps: { trust: TrustRecords; processEnv: NodeJS.ProcessEnv },
): Promise<EditorTarget | { ok: false; failure: SendFailure }> {
  const doc = filePathOf(args.uri);
  const root = context.workspaceFolder ?? (doc ? path.dirname(doc) : undefined);
  const envFile = root ? findWorkspaceEnvFile(doc ? path.dirname(doc) : root, root).file : undefined;
  return chooseTarget(args, context.settings, { ...deps, showsSendResults: context.showsSendResults, root: root ?? process.cwd(), readEnvironment: (name) => readWorkspaceEnvironment(envFile, name) });
}

