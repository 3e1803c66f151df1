/** Reading parameter values the way the API does (text or JSON), for cross-field rules. */
import type { Call } from '../analysis/call';
import { isOpaque, parseJsonExact } from '../syntax/jsonBody';

export function num(call: Call, name: string): number | undefined {
  return toNumber(raw(call, name));
}

export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

export function str(call: Call, name: string): string | undefined {
  const v = raw(call, name);
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

export function obj(call: Call, name: string): Record<string, unknown> | undefined {
  return toObject(raw(call, name));
}

export function toObject(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      v = parseJsonExact(v);
    } catch {
      return undefined;
    }
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function list(call: Call, name: string): unknown[] | undefined {
  return toList(raw(call, name));
}

export function toList(v: unknown): unknown[] | undefined {
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      v = parseJsonExact(v);
    } catch {
      return undefined;
    }
  }
  return Array.isArray(v) ? v : undefined;
}

/** The parameter's value, or undefined when absent or decided at send time. */
export function raw(call: Call, name: string): unknown {
  const p = call.params.get(name);
  if (!p || p.opaque || isOpaque(p.value)) return undefined;
  return p.value;
}

/** Present, even if its value is only known at send time. */
export function given(call: Call, name: string): boolean {
  return call.params.has(name);
}

/** A datetime parameter in milliseconds: UNIX seconds (number or digits) or ISO 8601 text. */
export function timeMs(call: Call, name: string): number | undefined {
  const v = raw(call, name);
  const n = toNumber(v);
  if (n !== undefined) return n * 1000;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return isNaN(t) ? undefined : t;
  }
  return undefined;
}

/** The campaign objective: `campaign_spec.objective`, else the `# @objective` directive. */
export function objective(call: Call): { value: string; from: 'campaign_spec' | 'directive' } | undefined {
  const spec = obj(call, 'campaign_spec');
  const fromSpec = spec && typeof spec.objective === 'string' && !isOpaque(spec.objective) ? spec.objective : undefined;
  if (fromSpec) return { value: fromSpec, from: 'campaign_spec' };
  const d = call.directives.get('objective')?.trim();
  return d ? { value: d.split(/\s/)[0], from: 'directive' } : undefined;
}

/** The campaign's buying type: `campaign_spec.buying_type`, else the `# @buying-type` directive. */
export function buyingType(call: Call): string | undefined {
  const spec = obj(call, 'campaign_spec');
  if (spec && typeof spec.buying_type === 'string' && !isOpaque(spec.buying_type)) return spec.buying_type;
  return call.directives.get('buying-type')?.trim().split(/\s/)[0] || undefined;
}

/** The campaign's budget kind: the `# @campaign-budget` directive, else what `campaign_spec` carries; undefined when unknown. */
export function campaignBudget(call: Call): 'daily' | 'lifetime' | 'none' | undefined {
  const directive = call.directives.get('campaign-budget')?.trim().toLowerCase();
  if (directive === 'daily' || directive === 'lifetime' || directive === 'none') return directive;
  const spec = obj(call, 'campaign_spec');
  if (!spec) return undefined;
  return spec.daily_budget !== undefined ? 'daily' : spec.lifetime_budget !== undefined ? 'lifetime' : 'none';
}
