/**
 * `graphreq.importText`: curl commands or an `.http` file's text into `.graphreq` text, by the same
 * conversion as `graphreq import` (core/import/). The editor's "Paste cURL as Request" and "Import
 * .http File" call it, so the conversion lives in one place; what to do with the text is theirs.
 */
import { ResponseError, ErrorCodes } from 'vscode-languageserver';
import { importText } from '../core/import';
import type { ImportTextArgs, ImportTextResult } from './protocol';

const SOURCES = ['curl', 'http', 'auto'];

export function importTextCommand(raw: unknown): ImportTextResult {
  const args = (raw ?? {}) as Partial<ImportTextArgs>;
  if (typeof args.text !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'graphreq.importText: text must be a string');
  const from = args.from ?? 'auto';
  if (!SOURCES.includes(from)) throw new ResponseError(ErrorCodes.InvalidParams, `graphreq.importText: from is curl, http or auto, not ${JSON.stringify(from)}`);
  return importText(args.text, from);
}
