/** The desktop's writer of saved responses (commands/response.ts). */
import { writeFileAtomic } from '../../../server/src/files/atomicWrite';
import { workspaceWriter, type ResponseWriter } from './response';

/** On disk, through the one atomic-write helper (a crash leaves the old file or the new one); elsewhere, the file system provider. */
export const diskWriter: ResponseWriter = async (target, text) => {
  if (target.scheme === 'file') await writeFileAtomic(target.fsPath, text);
  else await workspaceWriter(target, text);
};
