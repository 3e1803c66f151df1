/**
 * First-use costs paid while the server waits for its first document (issue 20). The first check in
 * a process compiles the code of the rule engine and of the generated gates as it runs (20-40 ms of
 * a cold check of one small request), and the first environment of a workspace reads its
 * `graphreq.env.json`, `.env` and the embedded emulator's state. Paid at `initialized`, before the
 * editor opens a file, they are no longer on the path of the first hover: a hover sent with the
 * `didOpen` of a file of megabytes otherwise waited for both. It runs in steps, one a turn of the
 * event loop, and stops once a document is open: a document opened right at the start is not kept
 * waiting for more than a step, and its own first check pays the rest, as it did before.
 */
import type { ApiModel, EnvironmentSettings, LanguageService } from '../core';
import type { DocumentEnvironments } from './host';
import { runSafe } from './runSafe';

/**
 * The requests the warm-up checks, built from the endpoint table (TypeScript names no endpoint): the
 * first endpoint that takes a body, with an empty one, and the first read, each placeholder of their
 * paths given `1`, at the latest version.
 */
export function warmUpRequests(model: ApiModel): string {
  const write = model.endpoints.find((e) => !e.refuse && e.body && e.params);
  const read = model.endpoints.find((e) => !e.refuse && !e.body && e.method === 'GET');
  const line = (e: { method: string; path: string }): string => `${e.method} /${model.latestVersion}${e.path.replace(/\{[^}]*\}/g, '1')}`;
  const out: string[] = [];
  if (write) out.push(`${line(write)}\n\n{}\n`);
  if (read) out.push(`${line(read)}\n`);
  return out.join('###\n');
}

/**
 * Reads the environment of each workspace folder (`folderUris`; a document outside any folder when
 * there is none), then checks and hovers `warmUpRequests` in the first, one step a turn (`schedule`)
 * while `stop` is false. The results are dropped; the environments stay in their caches, where the
 * first document of each folder finds them.
 */
export function warmUp(ls: LanguageService, environments: DocumentEnvironments, folderUris: readonly string[], o: { schedule: (fn: () => void) => void; stop: () => boolean; log: (message: string) => void }): void {
  const uris = folderUris.length ? folderUris.map((f) => `${f.replace(/\/$/, '')}/graphreq-warm-up.graphreq`) : ['untitled:graphreq-warm-up'];
  const steps: Array<() => void> = uris.map((uri) => () => void environments.forDocument(uri));
  const doc = ls.parse(warmUpRequests(ls.model));
  const env = (): EnvironmentSettings => environments.forDocument(uris[0]);
  steps.push(() => void ls.validateByBlock(doc, env(), undefined, undefined, undefined, ls.fileContext(doc, env())));
  steps.push(() => void ls.getHover(doc, doc.blocks[0]?.text.indexOf('/') ?? 0, ls.fileContext(doc, env()), []));
  const next = (): void => {
    const step = steps.shift();
    if (!step || o.stop()) return;
    runSafe(o.log, 'warmUp', undefined, step);
    o.schedule(next);
  };
  o.schedule(next);
}
