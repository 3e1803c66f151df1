/** Endpoint id (schemas/endpoints.json) to handler. Endpoints the rule engine refuses need none. */
import { copyAdSet } from './adsetCopy';
import { createAdSet } from './adsetCreate';
import { deleteAdSet, listAdSets, updateAdSet } from './adsetOther';
import { readAdSet } from './adsetRead';
import type { Handler } from './context';
import { readThread, readThreadMessages } from './threadRead';
import { readUrl, refreshUrl } from './urlNode';

export const handlers: Record<string, Handler> = {
  'adset.create': createAdSet,
  'adset.read': readAdSet,
  'adset.copy': copyAdSet,
  'adset.update': updateAdSet,
  'adset.delete': deleteAdSet,
  'adset.list': listAdSets,
  'url.read': readUrl,
  'url.refresh': refreshUrl,
  'thread.read': readThread,
  'thread.messages': readThreadMessages,
};

export type { Handler, HandlerContext, Reply } from './context';
