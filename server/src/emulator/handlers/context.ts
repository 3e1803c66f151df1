/** What every endpoint handler gets, and what it answers. */
import type { ApiModel, Call, Version } from '../../core';
import type { EmulatorConfig } from '../config';
import type { StateStore } from '../stateStore';
import type { LinkBase } from '../nodes/paging';
import type { Caller } from '../tokens';

export interface HandlerContext {
  call: Call;
  /** The version that answers (the path's, the default, or the one an expired version is routed to). */
  version: Version;
  caller: Caller;
  config: EmulatorConfig;
  store: StateStore;
  model: ApiModel;
  now: number;
  /** The call's URL as it came (origin, path, query without the token), for the links of a page. */
  link: LinkBase;
}

export interface Reply {
  status?: number;
  body: unknown;
}

export type Handler = (ctx: HandlerContext) => Reply | Promise<Reply>;
