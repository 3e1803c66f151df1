/**
 * The workspace's names for the CLI: every .graphreq file of the workspace (docs/sending.md,
 * "Sessions": the folder of graphreq.env.json, else the repository, else the working folder) read
 * into the core's one index of names (core/analysis/workspaceNames.ts). `check` reads it to know
 * the requests other files name; `send` to find a producer in another file (`--with-deps`) and to
 * refuse a name that two files give.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseDocument, WorkspaceNames, type GraphreqDocument, type WorkspaceScope } from '../core';
import { producersIn, type WorkspaceRequest } from '../core/send';
import { decodeUtf8 } from '../files/textFile';
import { walkRequestFiles, WALK_LIMITS, type WalkLimits } from '../files/workspaceWalk';

/** The bytes every request name is written with (`# @name springSale`, core/analysis/names.ts). */
const NAME_DIRECTIVE = Buffer.from('@name');

export class CliWorkspace {
  readonly names = new WorkspaceNames();
  private walked = false;
  /**
   * The run's files, indexed only when the workspace is first read: indexing a file's names is a
   * thirtieth of a cold check of 10,000 requests, and a check of files that name no request and read
   * no response never asks for them.
   */
  private readonly pending = new Map<string, { doc: GraphreqDocument; label: string }>();

  /** Why the walk of the workspace stopped before its end (files/workspaceWalk.ts), in one line. */
  stopped: string | undefined;

  /** `workspace`: the session's folder; nothing is read until a name is asked for, or `readAll` is called. */
  constructor(
    private readonly workspace: string,
    private readonly limits: WalkLimits = WALK_LIMITS,
  ) {}

  /** A file the run has read already (its parse is reused, so a request is recognised as the same one). */
  add(file: string, doc: GraphreqDocument): void {
    if (this.walked) this.names.set(path.resolve(file), doc, shown(file));
    else this.pending.set(path.resolve(file), { doc, label: shown(file) });
  }

  /** Reads every .graphreq file of the workspace not added already that names a request; unreadable ones are skipped quietly. */
  readAll(): WorkspaceNames {
    if (this.walked) return this.names;
    this.walked = true;
    for (const [id, p] of this.pending) this.names.set(id, p.doc, p.label);
    this.pending.clear();
    // A workspace that cannot be listed, or without any .graphreq file: the given files are all there is.
    const walked = walkRequestFiles(this.workspace, this.limits);
    this.stopped = walked.stopped;
    for (const file of walked.files) {
      const id = path.resolve(file);
      if (this.names.has(id)) continue;
      let text: string;
      try {
        // What the CLI asks of the other files is which requests they name, and a request is named
        // by a `# @name` directive only: a file without those bytes names none, and is neither
        // decoded nor parsed (the bulk of reading a large neighbour).
        const bytes = fs.readFileSync(file);
        if (!bytes.includes(NAME_DIRECTIVE)) continue;
        text = decodeUtf8(bytes);
      } catch {
        // Unreadable, or not UTF-8 (files/textFile.ts): it names nothing this run can read.
        continue;
      }
      this.names.set(id, parseDocument(text), shown(file));
    }
    return this.names;
  }

  /**
   * Where a file sits in the workspace, for the core's file context. The workspace is read when the
   * core first asks for its names: a file that names no request and reads no response never does
   * (core/analysis/fileContext.ts), so checking it reads no other file.
   */
  scopeOf(file: string): WorkspaceScope {
    const read = (): WorkspaceNames => this.readAll();
    return {
      get names() {
        return read();
      },
      file: path.resolve(file),
    };
  }

  /** Whether the workspace's other files were read: a check of files that name no request reads none. */
  get readYet(): boolean {
    return this.walked;
  }

  /** The requests named `name`, the first in each file, by file: what `--with-deps` can send first. */
  producersNamed = (name: string): WorkspaceRequest[] => producersIn(this.readAll(), name);
}

/** A file as messages show it: relative to the working folder. */
function shown(file: string): string {
  return path.relative(process.cwd(), path.resolve(file)) || file;
}

/** The workspace of a send run, with the files it sends added first. */
export function workspaceOfRun(workspace: string, given: Array<{ file: string; doc: GraphreqDocument }>): CliWorkspace {
  const w = new CliWorkspace(workspace);
  for (const g of given) w.add(g.file, g.doc);
  return w;
}
