/**
 * The CodeLens on a file of several requests: "▶ Send all (N)", a ⚠ when the run would cross a
 * limit, and the forecast of the run (calls per scope and the share of each documented limit, given
 * the usage last seen: core/send/forecast.ts) in its tooltip; the whole forecast is wider than an
 * editor, so the lens stays short and `graphreq/forecast` gives it to a command. Its inputs
 * (history, rate state) are read from the workspace at most every few seconds.
 */
import type { CodeLens } from 'vscode-languageserver';
import type { EnvironmentSettings, FileContext, LanguageService } from '../core';
import { contextLine, forecastRun, forecastTitle, scopeLine, type ForecastInputs } from '../core/send';
import type { ServerHost } from './host';
import type { DocumentState } from './documentStore';
import { Commands, type SendAllForecast } from './protocol';
import type { WorkspaceEnvironment } from './workspaceEnvironment';

/** How long what was read of the workspace's history serves (a send in between shows at the next read). */
const INPUTS_TTL_MS = 5000;

export class ForecastLens {
  /** Per environment object (a new one when graphreq.env.json or the settings change). */
  private readonly inputs = new WeakMap<EnvironmentSettings, { at: number; history: boolean; inputs: ForecastInputs }>();

  constructor(
    private readonly ls: LanguageService,
    private readonly environment: WorkspaceEnvironment,
    private readonly host: ServerHost,
  ) {}

  lens(s: DocumentState, file: FileContext): CodeLens | undefined {
    const f = this.forecast(s, file);
    if (!f) return undefined;
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      command: { title: `${f.crosses ? '⚠ ' : ''}▶ Send all (${f.requests})`, command: Commands.sendAll, arguments: [{ uri: s.uri, index: 0 }], tooltip: [f.title, ...f.details].join('\n') },
    };
  }

  /** The forecast of sending the whole file, for a file of several requests. */
  forecast(s: DocumentState, file: FileContext): SendAllForecast | null {
    const requests = s.parse.blocks.filter((b) => b.parsed.request).length;
    if (requests < 2) return null;
    const forecast = forecastRun([{ doc: s.parse, ctx: file }], this.ls.model, this.inputsFor(s.uri));
    return {
      requests,
      crosses: forecast.warnings.length > 0,
      title: forecastTitle(forecast),
      details: [...forecast.scopes.map(scopeLine), ...(forecast.context ? [contextLine(forecast)!] : []), ...forecast.warnings.map((w) => `⚠ ${w}`)],
    };
  }

  private inputsFor(uri: string): ForecastInputs {
    const env = this.environment.forDocument(uri);
    const history = this.environment.settings.historyEnabled !== false;
    const now = Date.now();
    const hit = this.inputs.get(env);
    if (hit && hit.history === history && now - hit.at < INPUTS_TTL_MS) return hit.inputs;
    const workspace = this.environment.folderOf(uri) ?? null;
    const inputs = this.host.forecastInputs({ workspace: history ? workspace : null, contextWorkspace: workspace, env, baseUrl: env.baseUrl, now });
    this.inputs.set(env, { at: now, history, inputs });
    return inputs;
  }
}
