/**
 * Folders and files named by URI, as the web build names them (`vscode-vfs://github/owner/repo/a.graphreq`):
 * a URI's folder is what comes before its last `/`. Pure string work, for any scheme.
 */

/** The folder of a URI, or undefined for one without a path (`untitled:Untitled-1`). */
export function uriFolder(uri: string): string | undefined {
  const slash = uri.lastIndexOf('/');
  const schemeEnd = uri.indexOf('://');
  return slash > (schemeEnd < 0 ? 0 : schemeEnd + 2) ? uri.slice(0, slash) : undefined;
}

/** Whether `uri` is inside `folder`. */
export function uriWithin(uri: string, folder: string): boolean {
  return uri.startsWith(`${folder}/`);
}

/** `uri` relative to `folder`, decoded, as messages show a file. */
export function uriLabel(uri: string, folder: string | undefined): string {
  const rel = folder && uriWithin(uri, folder) ? uri.slice(folder.length + 1) : uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(rel);
  } catch {
    return rel;
  }
}
