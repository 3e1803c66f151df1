/**
 * `graphreq send ... --dry-run`: sends nothing; prints the forecast of the run the same options would
 * make (the requests chosen, with --with-deps their producers first, as planRun orders them): calls
 * per scope and the share of each documented limit, given the usage last seen (core/send/forecast.ts,
 * send/forecastInputs.ts). No token is needed and no target is opened.
 */
import { buildFileContext, getApiModel, type GraphreqDocument } from '../core';
import { forecastRun, type ForecastItem } from '../core/send';
import { readForecastInputs } from '../send/forecastInputs';
import type { SendSession } from '../send/sendSession';
import { loadEnvironment } from './files';
import { forecastSources, forecastText, forecastWarnings } from './render/forecast';
import type { Output } from './render/output';
import { workspaceOf } from './sendContext';
import { planRun } from './sendPlan';
import { workspaceOfRun } from './workspaceRequests';

export interface DryRunOptions {
  from: string;
  parsed: Array<{ file: string; doc: GraphreqDocument; indexes: number[] }>;
  env?: string;
  envFile?: string;
  baseUrl?: string;
  withDeps: boolean;
  all: boolean;
  noHistory: boolean;
}

export function dryRun(o: DryRunOptions, output: Output): number {
  const { envFile, workspace } = workspaceOf({ command: 'send', from: o.from, envFile: o.envFile }, output);
  const env = loadEnvironment(envFile, o.env ?? (process.env.GRAPHREQ_ENV || undefined), (line) => output.err(`graphreq send: ${line}\n`));
  const producersNamed = workspaceOfRun(workspace, o.parsed).producersNamed;
  // Only which requests are planned, and in which order, matters here: nothing is sent, so no session.
  const plan = planRun(o.parsed, { env, withDeps: o.withDeps, all: o.all, producersNamed }, () => undefined as unknown as SendSession);
  const items: ForecastItem[] = [];
  const contexts = new Map<GraphreqDocument, ReturnType<typeof buildFileContext>>();
  for (const p of plan) {
    let ctx = contexts.get(p.doc);
    if (!ctx) contexts.set(p.doc, (ctx = buildFileContext(p.doc, env)));
    items.push({ doc: p.doc, ctx, indexes: [p.index] });
  }
  const history = !(o.noHistory || /^(0|off|false|no)$/i.test(process.env.GRAPHREQ_HISTORY ?? ''));
  const inputs = readForecastInputs({ workspace: history ? workspace : null, contextWorkspace: workspace, env, baseUrl: o.baseUrl ?? env.baseUrl, now: Date.now() });
  const forecast = forecastRun(items, getApiModel(), inputs);
  output.out(forecastText(output.style, forecast, new Set(plan.map((p) => p.file)).size));
  output.err(forecastWarnings(output.errStyle, forecast));
  output.err(forecastSources(inputs.limitsSource, history));
  return 0;
}
