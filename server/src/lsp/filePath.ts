/**
 * The file-system path of a document's URI: a `file:` URI's path, else undefined (an untitled
 * document, another scheme, or a `file:` URI that names another host, which fileURLToPath refuses
 * with an exception on POSIX). The one conversion of the Node host's LSP layer.
 */
import { fileURLToPath } from 'node:url';

export function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
