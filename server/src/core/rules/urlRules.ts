/**
 * URL node refresh: URL-ID-ENCODED ([1] Refresh a URL node). URL-SCRAPE-REQUIRED is the schema's
 * (required members and `const: true`), URL-NO-CREATE-DELETE the endpoint table's.
 */
import type { CrossFieldRule } from './registry';

/** Characters that, raw in the URL, disturb the query string the `scrape` parameter lives in. */
const DISTURBING = /[&?#\s]/;

export const urlRules: CrossFieldRule[] = [
  {
    id: 'URL-ID-ENCODED',
    endpoints: ['url.refresh'],
    check(call, { out, model, written }) {
      const id = call.params.get('id');
      if (!id || id.opaque || id.source === 'json' || typeof id.value !== 'string') return;
      // An encoded `%3F` decodes to `?`: only the text as written tells a raw `?` from an encoded one.
      // Without it (a request that reached the emulator), only the `&` split below can be seen.
      const asWritten = written?.('id');
      // Parameters written right after `id` that the endpoint does not know are the rest of the URL,
      // cut off at a raw `&`: the fix folds them back into the encoded id.
      const known = model.paramsSchema(call.endpoint)?.properties ?? {};
      const names = [...call.params.keys()];
      const strays: string[] = [];
      for (let i = names.indexOf('id') + 1; i < names.length && !known[names[i]]; i++) strays.push(names[i]);
      const raw = id.value;
      if (!(asWritten !== undefined && DISTURBING.test(asWritten)) && strays.length === 0) return;
      const full = [raw, ...strays.map((n) => `${n}=${String(call.params.get(n)?.value ?? '')}`)].join('&');
      const encoded = encodeURIComponent(full);
      out.push({
        rule: 'URL-ID-ENCODED',
        message: `The URL in \`id\` has ${strays.length ? 'a raw `&`' : rawCharacter(asWritten ?? raw)}: encode it so it cannot disturb the \`scrape\` parameter.`,
        detail: `${strays.length ? 'A raw `&` splits the URL into separate parameters. ' : ''}([1] Refresh a URL node)`,
        at: { kind: 'param', name: 'id', part: 'value' },
        fixes: [{ kind: 'encodeParam', title: 'Encode the URL', name: 'id', value: encoded, absorb: strays, preferred: true, fixAll: true }],
        // No service answer of its own (RULES.md: Service "—"): the service sees whatever the raw
        // characters made of the request, which the emulator checks by its other rules.
        absorbs: strays,
      });
    },
  },
];

/** Names the first character that needs encoding, for the message. */
function rawCharacter(url: string): string {
  const m = /[&?#\s]/.exec(url);
  if (!m) return 'a character that needs encoding';
  return m[0] === ' ' ? 'a raw space' : /\s/.test(m[0]) ? 'raw white space' : `a raw \`${m[0]}\``;
}
