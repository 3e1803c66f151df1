/**
 * `graphreq send ... --dry-run`: sends nothing; prints the forecast of the run the same options would
 * make (the requests chosen, with --with-deps their producers first): calls per scope and the share of
 * each documented limit, given the usage last seen (core/send/forecast.ts, send/forecastInputs.ts).
 */
import { buildFileContext, getApiModel, type EnvironmentSettings, type GraphreqDocument } from '../core';
import { forecastRun, requestDependencies } from '../core/send';
import { readForecastInputs } from '../send/forecastInputs';
import { UsageError } from './files';
import { forecastSources, forecastText, forecastWarnings } from './render/forecast';
import type { Output } from './render/output';

export interface DryRunOptions {
  parsed: Array<{ doc: GraphreqDocument; indexes: number[] }>;
  env: EnvironmentSettings;
  baseUrl: string | undefined;
  workspace: string;
  withDeps: boolean;
  all: boolean;
  history: boolean;
}

export function dryRun(o: DryRunOptions, output: Output): number {
  const items = o.parsed.map(({ doc, indexes }) => {
    const ctx = buildFileContext(doc, o.env);
    if (!o.withDeps || o.all) return { doc, ctx, indexes };
    const deps = requestDependencies(doc, indexes[0], ctx);
    if (deps.cycle.length) throw new UsageError(`--with-deps: the requests read each other's responses in a circle (${deps.cycle.join(' -> ')}), so none can go first`);
    return { doc, ctx, indexes: [...deps.before, ...indexes] };
  });
  const inputs = readForecastInputs({ workspace: o.history ? o.workspace : null, env: o.env, baseUrl: o.baseUrl, now: Date.now() });
  const forecast = forecastRun(items, getApiModel(), inputs);
  output.out(forecastText(output.style, forecast, o.parsed.length));
  output.err(forecastWarnings(output.errStyle, forecast));
  output.err(forecastSources(inputs.limitsSource, o.history));
  return 0;
}
