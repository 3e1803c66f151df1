/**
 * The web client answers `graphreq/web/readFile` only for the worker's own files (client/src/web/readScope.ts):
 * a request file or graphreq.env.json inside a workspace folder, or a file findFiles listed. It
 * answered any URI the worker named: a worker gone wrong could read the user's other files (a `.env`,
 * `~/.npmrc` on a `file:` workspace, another repository of vscode.dev) through the editor.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mayRead, workerFileHandlers, type UriParts } from '../../client/src/web/readScope';

/** A URI's parts as vscode.Uri gives them (WHATWG URL's are close enough here: no `..` in these). */
function parts(uri: string): UriParts {
  const m = /^([a-z][a-z0-9+.-]*):(?:\/\/([^/]*))?(.*)$/i.exec(uri)!;
  return { scheme: m[1], authority: m[2] ?? '', path: decodeURIComponent(m[3]) };
}

const folders = ['vscode-vfs://github/owner/repo', 'memfs:/sample', 'file:///home/u/project/'].map(parts);
const may = (uri: string, listed: string[] = []): boolean => mayRead(parts(uri), uri, folders, new Set(listed));

describe('the files the web worker may read', () => {
  it('request files and graphreq.env.json of a workspace folder', () => {
    for (const uri of ['vscode-vfs://github/owner/repo/a/b.graphreq', 'vscode-vfs://GitHub/owner/repo/graphreq.env.json', 'memfs:/sample/x.graphreq', 'file:///home/u/project/deep/er/graphreq.env.json']) {
      assert.equal(may(uri), true, uri);
    }
  });

  it('nothing outside the folders: another repository, a sibling folder with the same prefix, another scheme or host', () => {
    for (const uri of ['vscode-vfs://github/owner/other/x.graphreq', 'vscode-vfs://github/owner/repo-fork/x.graphreq', 'vscode-vfs://gitlab/owner/repo/x.graphreq', 'file:///home/u/x.graphreq', 'file:///home/u/project2/graphreq.env.json', 'memfs:/x.graphreq', 'untitled:/sample/x.graphreq']) {
      assert.equal(may(uri), false, uri);
    }
  });

  it('no other file of a folder, and no path that climbs out through `..`', () => {
    for (const uri of ['file:///home/u/project/.env', 'file:///home/u/project/.git/config', 'file:///home/u/project/graphreq.env.json.bak', 'memfs:/sample/.graphreq', 'file:///home/u/project/../.npmrc', 'file:///home/u/project/../other/x.graphreq', 'file:///home/u/project/%2E%2E/other/x.graphreq', 'file:///home/u/project/a\\..\\..\\x.graphreq']) {
      assert.equal(may(uri), false, uri);
    }
  });

  it('a file findFiles listed', () => {
    assert.equal(may('vscode-vfs://github/owner/other/listed.graphreq', ['vscode-vfs://github/owner/other/listed.graphreq']), true);
    assert.equal(may('vscode-vfs://github/owner/other/.env', ['vscode-vfs://github/owner/other/.env']), false, 'only the worker\'s kinds of file');
  });

  it('the handlers read nothing the worker may not have: the editor is not asked for it', async () => {
    const asked: string[] = [];
    const files = workerFileHandlers({
      parse: parts,
      folders: () => folders,
      find: async () => ['memfs:/sample/x.graphreq'],
      read: async (u) => (asked.push(`${u.scheme}:${u.path}`), { text: 'GET /v23.0/me\n' }),
    });
    assert.deepEqual(await files.findFiles({ include: '**/*.graphreq', max: 10 }), ['memfs:/sample/x.graphreq']);
    assert.deepEqual(await files.readFile({ uri: 'memfs:/sample/x.graphreq' }), { text: 'GET /v23.0/me\n' });
    for (const uri of ['file:///home/u/.npmrc', 'file:///home/u/project/.env', 'file:///home/u/project/../x.graphreq', 'vscode-vfs://github/owner/other/graphreq.env.json']) {
      assert.deepEqual(await files.readFile({ uri }), { error: 'not a request file or graphreq.env.json of the workspace' }, uri);
    }
    assert.deepEqual(await files.readFile({ uri: 42 }), { error: 'no URI' });
    assert.deepEqual(asked, ['memfs:/sample/x.graphreq']);
  });
});
