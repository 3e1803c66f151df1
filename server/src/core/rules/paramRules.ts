/**
 * Each parameter against the endpoint's params schema: REQ-UNKNOWN-PARAM for names the endpoint does
 * not document, then types, enums, ranges, lengths, required members and version gates from the
 * schema (ADSET-TYPES, ADSET-ENUMS, ADSET-NAME-*, COPY-PARAMS, ...), each under the rule ID the
 * schema names.
 */
import type { Call, CallParam } from '../analysis/call';
import { checkGate, firstSentence, validateValue, type ValidateContext } from '../model/validateValue';
import type { JsonSchema } from '../model/schemaTypes';
import type { RuleContext } from './engine';
import { paramsToWalk, WALK_ALL } from './paramGate';
import { closest, listForMessage, namesOf, ruleDoc } from './suggest';

/** "Refresh a URL node" -> "refresh a URL node". */
export function lowerFirst(text: string): string {
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

export function checkParams(call: Call, ctx: RuleContext): void {
  const schema = ctx.model.paramsSchema(call.endpoint);
  if (!schema) return;
  const walk = paramsToWalk(call, schema, call.endpoint!.params!);
  const props = schema.properties ?? {};
  const doc = schema['x-doc'];
  const source = doc ? ` (${doc})` : '';
  const checkParam = (p: CallParam): void => {
    if (walk !== WALK_ALL && !walk.has(p.name)) return; // The gate found nothing to say about it.
    if (p.name === 'access_token') return; // REQ-TOKEN-IN-FILE has said what matters.
    const sub = props[p.name];
    if (!sub && ctx.maxFindings !== undefined && ctx.out.length >= ctx.maxFindings) return;
    if (!sub) {
      if (p.name.indexOf('{{') >= 0) return;
      const suggestion = closest(p.name, namesOf(props));
      const cutoff = schema['x-notShownAfter'];
      // The documents list these parameters alphabetically and stop ("not shown"): a name that sorts
      // after the last one shown may exist, so it gets a hint rather than a warning.
      // A name past the cut-off may exist: a hint even when a documented name is near, which is then
      // only offered (a "did you mean" never outranks "not shown", docs/rules.md REQ-UNKNOWN-PARAM).
      const notShown = !!cutoff && p.name > cutoff && !cutUrl(call, p.name, props);
      const cut = !notShown && cutUrl(call, p.name, props);
      ctx.out.push({
        rule: 'REQ-UNKNOWN-PARAM',
        severity: notShown ? 'hint' : undefined,
        message: notShown
          ? suggestion
            ? `\`${p.name}\` is not documented: it is sent unchecked, or did you mean \`${suggestion}\`?`
            : `\`${p.name}\` is not documented: check its spelling.`
          : cut
            ? `\`${p.name}\` is probably the rest of the URL in \`id\`, cut at a raw \`&\`: encode the URL (\`&\` as \`%26\`).`
            : `\`${p.name}\` is not a parameter here: ${suggestion ? `did you mean \`${suggestion}\`?` : 'remove it or use a documented one.'}`,
        detail: notShown
          ? `${doc ?? 'The documents'} list${doc ? 's' : ''} the parameters alphabetically up to \`${cutoff}\` and do${doc ? 'es' : ''} not show the rest, so \`${p.name}\` may exist: graphreq sends it unchecked.`
          : cut
            ? `Parameters written after \`id\` that the request does not take are the rest of its URL${source}.`
            : `It takes ${documentedList(schema)}${source}.`,
        at: { kind: 'param', name: p.name, part: 'key' },
        fixes: suggestion && !call.params.has(suggestion) && !cut ? [{ kind: 'renameParam', title: `Rename to \`${suggestion}\``, name: p.name, newName: suggestion, preferred: !notShown }] : [],
        service: notShown ? undefined : { code: 100, blame: [p.name] },
      });
      return;
    }
    if (p.opaque) return;
    const vctx: ValidateContext = {
      param: p.name,
      version: call.version,
      typeRule: 'ADSET-TYPES',
      enumRule: 'ADSET-ENUMS',
      root: schema,
      out: ctx.out,
      doc,
      ruleDoc: (rule) => ruleDoc(ctx.model, rule),
      maxFindings: ctx.maxFindings,
    };
    checkGate(sub, p.name, [], vctx);
    // The field list has its own grammar and rules (fieldRules.ts).
    if (p.name === 'fields') return;
    validateValue(sub, p.value, [], vctx);
  };
  // Past the limit, undocumented names (any number of them, each a search for the nearest name) are
  // passed over: the rest of the parameters are visited through the documented names, a few dozen at
  // most, not through the 100,000 members of a generated body.
  let rest: Iterable<CallParam> | undefined;
  // Nothing to walk (every valid request): the parameters are not visited. Else they are visited by
  // name, and only those to walk are made into CallParams (a body with one finding has 25 members).
  const names = walk === WALK_ALL || walk.size > 0 ? call.params.keys() : [];
  let visited = 0;
  for (const name of names) {
    if (ctx.maxFindings !== undefined && ctx.out.length >= ctx.maxFindings) {
      rest = documentedParams(call, props, firstNames(call, visited));
      break;
    }
    visited++;
    if (walk === WALK_ALL || walk.has(name)) checkParam(call.params.get(name)!);
  }
  if (rest) for (const p of rest) checkParam(p);

  if (call.bodyBroken) return;
  for (const name of schema.required ?? []) {
    if (call.params.has(name)) continue;
    const rule = schema['x-requiredRule']?.[name] ?? 'ADSET-TYPES';
    const desc = props[name]?.description;
    const constant = props[name]?.const;
    ctx.out.push({
      rule,
      message: `\`${name}\` is missing: ${lowerFirst(call.endpoint!.title)} needs it${constant !== undefined ? `; add \`${name}=${String(constant)}\`` : ''}.`,
      detail: `${desc ? `${firstSentence(desc)} ` : ''}${source ? `(${doc})` : ''}`.trim() || undefined,
      at: { kind: 'missing', name },
      // A member with a single allowed value (scrape=true) can be added mechanically.
      fixes: constant !== undefined ? [{ kind: 'addParam', title: `Add \`${name}=${String(constant)}\``, name, value: constant, preferred: true, fixAll: true }] : [],
      service: { code: 100, blame: [name] },
    });
  }
}

/** The names of the call's first `n` parameters: those visited before the limit (a set made only then, not for every request with a finding). */
function firstNames(call: Call, n: number): Set<string> {
  const out = new Set<string>();
  let i = 0;
  for (const name of call.params.keys()) {
    if (i++ >= n) break;
    out.add(name);
  }
  return out;
}

/** The documented parameters of the call not in `seen`, in the schema's order. */
function* documentedParams(call: Call, props: Record<string, JsonSchema>, seen: Set<string>): Iterable<CallParam> {
  for (const name of namesOf(props)) {
    if (seen.has(name)) continue;
    const p = call.params.get(name);
    if (p) yield p;
  }
}

/** The parameters an endpoint documents, as text for details: built once per schema, not per finding. */
const documentedLists = new WeakMap<object, string>();
function documentedList(schema: JsonSchema): string {
  let text = documentedLists.get(schema);
  if (text === undefined) {
    const names = Object.keys(schema.properties ?? {}).filter((k) => k !== 'access_token');
    documentedLists.set(schema, (text = listForMessage(names, names.length)));
  }
  return text;
}

/** On the URL node, parameters written right after `id` that the endpoint does not know: the URL, cut at a raw `&`. */
function cutUrl(call: Call, name: string, props: Record<string, unknown>): boolean {
  if (!call.endpoint?.id.startsWith('url.')) return false;
  const names = [...call.params.keys()];
  for (let i = names.indexOf('id') + 1; i > 0 && i < names.length && !props[names[i]]; i++) if (names[i] === name) return true;
  return false;
}
