/**
 * Named responses of one document: what `{{create.response.body.id}}` reads. A response sent in
 * this session wins; otherwise the latest one saved in history for the same file, name and service
 * origin, so that "Read it back" can be sent on its own after "create" was sent earlier (even in
 * another session). The origin must match because an id of one service means nothing to another
 * (and the embedded emulator gets a new port, and a fresh state, every run).
 */
import type { NamedResponses, StoredResponse } from '../core/send';

export interface ResponseFallback {
  latestNamed(file: string | null, name: string, origin: string): StoredResponse | undefined;
}

export class ResponseStore implements NamedResponses {
  private readonly sent = new Map<string, StoredResponse>();

  constructor(
    private readonly file: string | null,
    private readonly origin: string,
    private readonly fallback?: ResponseFallback,
  ) {}

  get(name: string): StoredResponse | undefined {
    return this.sent.get(name) ?? this.fallback?.latestNamed(this.file, name, this.origin);
  }

  set(name: string, response: StoredResponse): void {
    this.sent.set(name, response);
  }
}
