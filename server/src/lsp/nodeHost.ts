/**
 * The desktop's ServerHost: the disk (request files, graphreq.env.json, `.editorconfig`, test results
 * in `.graphreq/`), the process's variables and `.env` files (files/hostInputs.ts), and the network
 * for account contexts (contextFetch.ts).
 */
import * as path from 'node:path';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { editorConfigFor } from '../files/editorConfig';
import { readForecastInputs } from '../send/forecastInputs';
import { TestResults } from '../send/testResults';
import { ContextFetcher } from './contextFetch';
import { diskEnvironment } from './diskEnvironment';
import { diskWorkspace } from './diskWorkspace';
import { DocumentInputs } from './documentInputs';
import type { ServerHost } from './host';
import type { HeapControl } from './idleCollection';
import { OFF_THREAD_MIN_LENGTH, WorkerBlockChecker } from './checkWorker';

export function nodeHost(): ServerHost {
  return {
    // The bundle is dist/server.js: docs/ is beside dist/.
    docsUrl: pathToFileURL(path.join(__dirname, '..', 'docs')).href,
    environmentFiles: diskEnvironment,
    workspaceReader: diskWorkspace,
    documentInputs: (environment, log) => new DocumentInputs(environment, log),
    contextFetcher: (deps) => new ContextFetcher(deps),
    forecastInputs: readForecastInputs,
    // GRAPHREQ_CHECK_WORKER_MIN: a smaller size in characters, for tests that send every request to the worker.
    blockChecker: (log) => new WorkerBlockChecker(log, Number(process.env.GRAPHREQ_CHECK_WORKER_MIN) || OFF_THREAD_MIN_LENGTH),
    heap: nodeHeap,
    editorConfigWidth(uri, folder) {
      if (!uri.startsWith('file:')) return undefined;
      const file = fileURLToPath(uri);
      return editorConfigFor(file, folder ?? path.dirname(file)).printWidth;
    },
    lastTestResults(uri, folder) {
      if (!uri.startsWith('file:')) return {};
      try {
        const rel = path.relative(folder, fileURLToPath(uri)).split(path.sep).join('/');
        return new TestResults(folder).forFile(rel);
      } catch {
        return {};
      }
    },
  };
}

/**
 * V8's heap, collected on demand: `--expose-gc` set now gives a new context V8's `gc` (the server's
 * own global gets none). Undefined if this Node does not allow it.
 */
function nodeHeap(): HeapControl | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc !== 'function') return undefined;
    return {
      used: () => {
        const s = getHeapStatistics();
        return s.used_heap_size + s.external_memory;
      },
      collect: () => void gc(),
    };
  } catch {
    return undefined;
  }
}
