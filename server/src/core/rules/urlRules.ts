/**
 * URL node refresh: URL-ID-ENCODED ([1] Refresh a URL node). URL-SCRAPE-REQUIRED is the schema's
 * (required members and `const: true`), URL-NO-CREATE-DELETE the endpoint table's.
 */
import type { Call } from '../analysis/call';
import type { ApiModel } from '../model/apiModel';
import type { CrossFieldRule } from './registry';
import type { RuleFinding } from './ruleFinding';

/** Characters that, raw in the URL, disturb the query string the `scrape` parameter lives in. */
const DISTURBING = /[&?#\s]/;

export const urlRules: CrossFieldRule[] = [
  {
    // [1] lists `id` as "no (as listed)" required, but a read without it names no URL: the service
    // has nothing to answer and refuses it, so the editor says so (docs/rules.md, URL-READ-ID).
    id: 'URL-READ-ID',
    endpoints: ['url.read'],
    check(call, { out }) {
      const named = urlsNamed(call);
      if (named !== 'none') return;
      // An `id=` or `ids=` written without a URL is the place to fix; without either, the path.
      const empty = ['ids', 'id'].find((name) => call.params.has(name));
      out.push({
        rule: 'URL-READ-ID',
        message: empty
          ? `\`${empty}\` names no URL: write the URL to read, as in \`id=https://example.com/post\`.`
          : 'A URL read needs the URL: add `id=<url>`, or `ids=<url>,<url>` for several.',
        detail: '[1] Read a URL node lists `id` as not required, but without a URL there is nothing to read and the service refuses the call.',
        at: empty ? { kind: 'param', name: empty, part: 'value' } : { kind: 'path' },
        service: { code: 100, blame: [empty ?? 'id'] },
      });
    },
  },
  {
    id: 'URL-ID-ENCODED',
    endpoints: ['url.refresh'],
    check(call, { out, model, written }) {
      const problem = unencodedUrlId(call, model, written);
      if (problem) out.push(unencodedFinding(problem));
    },
  },
];

/**
 * Whether a URL read names a URL: `ids` when given (a comma-separated list, empty entries skipped, as
 * the service reads it), else `id`. 'unknown' when a value is decided at send time.
 */
function urlsNamed(call: Call): 'some' | 'none' | 'unknown' {
  const ids = call.params.get('ids');
  const id = call.params.get('id');
  const param = ids ?? id;
  if (!param) return 'none';
  if (param.opaque) return 'unknown';
  const v = param.value;
  if (v === undefined || v === null || v === '') return 'none';
  if (param === ids && typeof v === 'string') return v.split(',').some((s) => s.trim() !== '') ? 'some' : 'none';
  return 'some';
}

/** What is wrong with the URL in a refresh's `id`, and its encoded form. */
export interface UnencodedUrl {
  /** "a raw `?`", "a raw `&`, which splits it into separate parameters", ... */
  reason: string;
  /** The whole URL, the tail cut off at a raw `&` folded back in, percent-encoded. */
  encoded: string;
  /** Parameters that are the tail of the URL. */
  strays: string[];
}

/**
 * URL-ID-ENCODED for a refresh: the URL in `id` as written holds a raw `&`, `?`, `#` or space, or was
 * cut into parameters at a raw `&`. Also used by the sender, which refuses to guess where such a URL
 * ends (core/send/prepareRequest.ts).
 */
export function unencodedUrlId(call: Call, model: ApiModel, written: ((name: string) => string | undefined) | undefined): UnencodedUrl | undefined {
  const id = call.params.get('id');
  if (!id || id.opaque || id.source === 'json' || typeof id.value !== 'string') return undefined;
  // An encoded `%3F` decodes to `?`: only the text as written tells a raw `?` from an encoded one.
  // A request that reached the emulator has its query text as sent, which is what was written.
  const asWritten = written?.('id');
  // Parameters written right after `id` that the endpoint does not know are the rest of the URL,
  // cut off at a raw `&`: the fix folds them back into the encoded id.
  const known = model.paramsSchema(call.endpoint)?.properties ?? {};
  const names = [...call.params.keys()];
  const strays: string[] = [];
  for (let i = names.indexOf('id') + 1; i < names.length && !known[names[i]]; i++) strays.push(names[i]);
  const raw = id.value;
  if (!(asWritten !== undefined && DISTURBING.test(asWritten)) && strays.length === 0) return undefined;
  const full = [raw, ...strays.map((n) => `${n}=${String(call.params.get(n)?.value ?? '')}`)].join('&');
  return {
    reason: strays.length ? 'a raw `&`, which splits it into separate parameters' : rawCharacter(asWritten ?? raw),
    encoded: encodeURIComponent(full),
    strays,
  };
}

function unencodedFinding(problem: UnencodedUrl): RuleFinding {
  return {
    rule: 'URL-ID-ENCODED',
    message: `The URL in \`id\` has ${problem.strays.length ? 'a raw `&`' : problem.reason}: encode it so it cannot disturb the \`scrape\` parameter.`,
    detail: `${problem.strays.length ? 'A raw `&` splits the URL into separate parameters. ' : ''}([1] Refresh a URL node)`,
    at: { kind: 'param', name: 'id', part: 'value' },
    fixes: [{ kind: 'encodeParam', title: 'Encode the URL', name: 'id', value: problem.encoded, absorb: problem.strays, preferred: true, fixAll: true }],
    // The service refuses it (docs/rules.md): the call as it arrives names another URL than the one meant, or stray parameters.
    service: { code: 100, blame: ['id'] },
    absorbs: problem.strays,
  };
}

/** Names the first character that needs encoding, for the message. */
function rawCharacter(url: string): string {
  const m = /[&?#\s]/.exec(url);
  if (!m) return 'a character that needs encoding';
  return m[0] === ' ' ? 'a raw space' : /\s/.test(m[0]) ? 'raw white space' : `a raw \`${m[0]}\``;
}
