/**
 * Named responses as one run (a CLI run, or a language server's life) sees them: what
 * `{{create.response.body.id}}` reads.
 *
 * 1. A response received in this run wins (unredacted, in memory).
 * 2. A named request tried in this run without getting a response (timeout, refused, not built)
 *    has none: an older saved one would silently stand in for the one that just failed.
 * 3. Otherwise the latest saved response of that name in this environment (savedResponses.ts),
 *    so a request can be sent alone after its producer was sent in an earlier run.
 *
 * When there is none, `missing()` says which of these is the case and how to go on.
 */
import type { NamedResponses, StoredResponse } from '../core/send';
import type { SavedResponses } from './savedResponses';

/** The environment key of "no environment" (graphreq.env.json's `$shared` section alone). */
export const NO_ENVIRONMENT = '$shared';

export interface ResponseStoreOptions {
  /** The workspace's saved responses; null when there is no workspace (nothing is kept after the run). */
  saved: SavedResponses | null;
  /** The environment's name; undefined for none (`$shared` alone). */
  environment?: string;
  /** How this host sends the producers first, ending the "no response" sentence (given the producer's name). */
  dependencyHint?: string | ((name: string) => string);
}

export const CLI_DEPENDENCY_HINT = 'add --with-deps to send it (and what it needs) before this request';

export class ResponseStore implements NamedResponses {
  private readonly received = new Map<string, StoredResponse>();
  private readonly failed = new Map<string, string>();
  readonly environment: string;

  constructor(private readonly o: ResponseStoreOptions) {
    this.environment = o.environment || NO_ENVIRONMENT;
  }

  get(name: string): StoredResponse | undefined {
    if (this.failed.has(name)) return undefined;
    return this.received.get(name) ?? this.o.saved?.get(this.environment, name);
  }

  missing(name: string): string {
    const given = this.o.dependencyHint ?? CLI_DEPENDENCY_HINT;
    const hint = typeof given === 'function' ? given(name) : given;
    const failure = this.failed.get(name);
    // A producer this run already tried (--with-deps sent it first) needs sending again, not a hint to send it first.
    if (failure !== undefined) return `request \`${name}\` got no response in this run (${failure}); send it again${typeof given === 'string' ? `, or ${hint}` : ''}`;
    const env = this.environment === NO_ENVIRONMENT ? '' : ` for environment \`${this.environment}\``;
    if (!this.o.saved) return `request \`${name}\` has no response${env} in this session; send it first, or ${hint}`;
    return `request \`${name}\` has no saved response${env} in this workspace (it was never sent, or the session was started again with --fresh); send it first, or ${hint}`;
  }

  /**
   * Keeps a response of `name`: as received for this run, and redacted in the workspace's saved
   * responses. Resolves once saved; a failure to save is returned, not thrown (the send succeeded).
   */
  async remember(name: string, received: StoredResponse, redacted: StoredResponse, file: string | null, now: number): Promise<Error | undefined> {
    this.received.set(name, received);
    this.failed.delete(name);
    if (!this.o.saved) return undefined;
    try {
      await this.o.saved.save(this.environment, name, { ...redacted, savedAt: new Date(now).toISOString(), file });
      return undefined;
    } catch (e) {
      return e as Error;
    }
  }

  /** `name` was tried in this run and got no response: later requests must not read an older one. */
  noResponse(name: string, why: string): void {
    this.received.delete(name);
    this.failed.set(name, why);
  }
}
