/**
 * Rules about the request as a whole: method, version segment, endpoint, placeholders, the literal
 * token. REQ-METHOD-UNSUPPORTED, REQ-VERSION-FORMAT, REQ-VERSION-MISSING, REQ-VERSION-EXPIRED,
 * REQ-TOKEN-IN-FILE, REQ-IDS-COUNT, URL-NO-CREATE-DELETE, THREAD-READ-ONLY, ADSET-ACCOUNT-ID.
 */
import { describeSource } from '../account/accountContext';
import type { Call } from '../analysis/call';
import { normalizeVersion, parseVersion, compareVersions, type Version } from '../model/version';
import { HTTP_METHODS } from '../syntax/parseBlock';
import type { RuleContext } from './engine';
import { splitMessage } from './suggest';

/** Returns true when the request is refused as a whole and nothing else should be checked. */
export function checkRequestLevel(call: Call, ctx: RuleContext): boolean {
  const { model, out } = ctx;
  // A word that is no HTTP method at all is a syntax error (SYNTAX-METHOD), reported by the parser.
  if (!HTTP_METHODS.includes(call.method)) return true;
  if (!model.supportedMethods.has(call.method)) {
    out.push({
      rule: model.methodRule.rule,
      ...unsupported(call.method, model.methodRule.message),
      at: { kind: 'method' },
      service: { code: 100 },
    });
    return true;
  }
  checkVersion(call, ctx);
  checkToken(call, ctx);
  const endpoint = call.endpoint;
  if (!endpoint) {
    if (!call.segments.some((s) => s.opaque)) {
      out.push({
        rule: 'REQ-UNKNOWN-ENDPOINT',
        message: `graphreq does not know \`${call.method} /${call.segments.map((s) => s.text).join('/')}\`: it is sent as written but not checked.`,
        detail: 'The documents describe ad sets (act_<id>/adsets, <adset-id>, <adset-id>/copies), URL nodes (/?id=<url>) and threads (t_<id>).',
        at: { kind: 'path' },
      });
    }
    return true;
  }
  if (endpoint.refuse) {
    out.push({ rule: endpoint.refuse.rule, ...splitMessage(endpoint.refuse.message), at: { kind: 'method' }, service: { code: 100 } });
    return true;
  }
  const whenMissing = endpoint.refuseWhenAllMissing;
  if (whenMissing && whenMissing.params.every((p) => !call.params.has(p))) {
    // A parameter with one allowed value (`scrape=true`) turns the request into the one the endpoint takes.
    const props = model.paramsSchema(endpoint)?.properties ?? {};
    const fixes = whenMissing.params
      .filter((name) => props[name]?.const !== undefined)
      .map((name) => ({ kind: 'addParam' as const, title: `Add \`${name}=${String(props[name].const)}\``, name, value: props[name].const, preferred: true, fixAll: true }));
    out.push({ rule: whenMissing.rule, ...splitMessage(whenMissing.message), at: { kind: 'method' }, fixes, service: { code: 100 } });
    return true;
  }
  for (const m of call.match?.mismatches ?? []) {
    out.push({
      rule: m.rule,
      message: `\`${m.value}\` is not a valid ad account id: write \`act_\` and the account's numeric id, as in \`act_1234567890\`.`,
      detail: '([2] Create an ad set)',
      at: { kind: 'path', segment: m.segmentIndex },
      service: { code: 100 },
    });
  }
  const ids = call.params.get('ids');
  if (ids && !ids.opaque && typeof ids.value === 'string') {
    const count = ids.value.split(',').filter((s) => s.trim() !== '').length;
    if (count > 1) {
      out.push({
        rule: 'REQ-IDS-COUNT',
        message: `This request names ${count} ids, so it counts as ${count} calls against the rate limits.`,
        detail: `The same as ${count} single-id requests ([3] Limits).`,
        at: { kind: 'param', name: 'ids', part: 'value' },
      });
    }
  }
  return false;
}

function checkVersion(call: Call, ctx: RuleContext): void {
  const { out } = ctx;
  if (call.versionLike) {
    const fixed = normalizeVersion(call.versionLike);
    out.push({
      rule: 'REQ-VERSION-FORMAT',
      message: `\`${call.versionLike}\` is not a version: write \`v<major>.<minor>\`, as in \`v23.0\`.`,
      detail: '([3] Versioning 1)',
      at: { kind: 'version' },
      fixes: fixed ? [{ kind: 'replaceAt', title: `Write \`${fixed}\``, text: fixed, preferred: true, fixAll: true }] : [],
      service: { code: 2635 },
    });
    return;
  }
  if (call.versionSource === 'none' || call.versionSource === 'default') {
    const used = call.versionSource === 'default' ? `the environment's default ${call.env.defaultVersion}` : `the version set on the app's dashboard`;
    out.push({
      rule: 'REQ-VERSION-MISSING',
      message: `No version segment: this call uses ${used}; write the version, as in \`/v23.0/...\`.`,
      detail: 'Always send the version: the default can change under you ([3] Versioning 4).',
      at: { kind: 'path' },
    });
    return;
  }
  const v = call.version;
  if (!v) return;
  const { releases, source: releasesSource } = releaseTable(call);
  const today = call.env.today;
  const known = releases ? versionsOf(releases) : [];
  const successor = known.find((k) => compareVersions(k, v) > 0);
  const expiry = releases && successor ? addYears(releases[successor.text], 2) : undefined;
  const expired = !!expiry && !!today && expiry <= today;
  if (checkVersionExists(call, ctx, v, known, expired)) return;
  if (!releases || !today || !successor) return;
  const released = releases[successor.text];
  if (expired) {
    out.push({
      rule: 'REQ-VERSION-EXPIRED',
      // A version older than the whole release table: its successor is not listed, but it was released
      // no later than the oldest listed version, so the expiry is "by" that date.
      message: releases[v.text] || known.some((k) => compareVersions(k, v) < 0)
        ? `${v.text} expired on ${expiry}: move to ${known[known.length - 1].text}.`
        : `${v.text} expired by ${expiry} at the latest: move to ${known[known.length - 1].text}.`,
      detail: (releases[v.text] || known.some((k) => compareVersions(k, v) < 0)
        ? `It expired two years after ${successor.text} was released (${released}). Calls to it are routed to an older available version or fail with code 2635 ([3] Versioning 2-3).`
        : `It is older than every version in the release table, so it expired two years after its successor's release at the latest. Calls to it are routed to an older available version or fail with code 2635 ([3] Versioning 2-3).`
      ) + (releasesSource ? ` The release table is ${releasesSource}.` : ''),
      at: { kind: 'version' },
      // The service's wording (test/send/replay/samples.ts, deprecated-version-2635).
      service: { code: 2635, message: `(#2635) You are calling a deprecated version of the Ads API. Please upgrade to the latest version: ${known[known.length - 1].text}.` },
    });
  }
}

/**
 * REQ-VERSION-UNKNOWN: a version the service does not publish. Newer than the latest (the
 * environment's `latestVersion`, else v26.0, which [3] Versioning 1 names the latest); with a release
 * table and today's date, also one released after today, or one between listed versions that the
 * table does not list. The service answers 100 "Unknown path components" (docs/rules.md).
 */
function checkVersionExists(call: Call, ctx: RuleContext, v: Version, known: Version[], expired: boolean): boolean {
  if (call.versionSource !== 'path') return false;
  const latestText = call.env.latestVersion ?? call.env.context?.service.latestVersion?.value ?? ctx.model.latestVersion;
  const latest = parseVersion(latestText);
  const { releases, source: releasesSource } = releaseTable(call);
  const today = call.env.today;
  let why: string | undefined;
  if (latest && compareVersions(v, latest) > 0) why = `newer than the latest version, ${latest.text}`;
  else if (releases && today && releases[v.text] && releases[v.text] > today) why = `released on ${releases[v.text]}, after today (${today})`;
  else if (releases && today && !releases[v.text] && known.length && compareVersions(v, known[0]) > 0 && !expired) why = 'not in the release table';
  if (!why) return false;
  // With a release table and today's date, the version to use is the newest the table shows released
  // by today (never past the latest): the latest alone may be one the table does not list.
  const released = releases && today ? known.filter((k) => releases[k.text] <= today && (!latest || compareVersions(k, latest) <= 0)) : [];
  const use = released.length ? released[released.length - 1] : latest;
  ctx.out.push({
    rule: 'REQ-VERSION-UNKNOWN',
    message: `${v.text} is not a published version (${why}): use ${use?.text ?? latestText} or an older available version.`,
    detail: `The service answers 100, Unknown path components ([3] Versioning 1).${releasesSource && why !== undefined && !why.startsWith('newer') ? ` The release table is ${releasesSource}.` : ''}`,
    at: { kind: 'version' },
    fixes: use ? [{ kind: 'replaceAt', title: `Write \`${use.text}\``, text: use.text }] : [],
    service: { code: 100 },
  });
  return true;
}

/** REQ-METHOD-UNSUPPORTED: the method, then the data's explanation split into message and detail. */
function unsupported(method: string, explanation: string): { message: string; detail?: string } {
  const { message, detail } = splitMessage(explanation);
  return { message: `\`${method}\` is not supported: ${message[0].toLowerCase()}${message.slice(1)}`, detail };
}

/**
 * The release table the version rules read: graphreq.env.json's `releases`, else the account
 * context's (the embedded emulator's, or the service's), with where it came from for the detail.
 */
/** A release table's versions, oldest first: read once per table (an environment's or the account context's), not once per request. */
const tableVersions = new WeakMap<Record<string, string>, Version[]>();
function versionsOf(releases: Record<string, string>): Version[] {
  let known = tableVersions.get(releases);
  if (!known) {
    known = Object.keys(releases)
      .map((t) => parseVersion(t))
      .filter((x): x is NonNullable<typeof x> => !!x)
      .sort(compareVersions);
    tableVersions.set(releases, known);
  }
  return known;
}

function releaseTable(call: Call): { releases?: Record<string, string>; source?: string } {
  if (call.env.releases) return { releases: call.env.releases };
  const fact = call.env.context?.service.releases;
  return fact ? { releases: fact.value, source: describeSource(fact.source) } : {};
}

function addYears(date: string, years: number): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${Number(m[1]) + years}-${m[2]}-${m[3]}` : undefined;
}

/** REQ-TOKEN-IN-FILE: a literal token in the query, the body or an Authorization header. */
function checkToken(call: Call, ctx: RuleContext): void {
  const p = call.params.get('access_token');
  if (p && !p.opaque && typeof p.value === 'string' && p.value !== '') {
    ctx.out.push({
      rule: 'REQ-TOKEN-IN-FILE',
      message: 'An access token is written in the file, where anyone who sees the file can use it: remove it.',
      detail: 'Anyone who sees the file or its history can use the token. graphreq adds the token at send time from GRAPHREQ_ACCESS_TOKEN or, in VS Code, from secret storage.',
      at: { kind: 'param', name: 'access_token', part: 'value' },
      fixes: [{ kind: 'removeParam', title: 'Remove the access token from the file', name: 'access_token', preferred: true, fixAll: true }],
    });
  }
  const auth = call.headers?.get('authorization');
  if (auth && /^(Bearer|OAuth)\s+(?!\{\{)\S{8,}/i.test(auth)) {
    ctx.out.push({
      rule: 'REQ-TOKEN-IN-FILE',
      message: 'An access token is written in the Authorization header, where anyone who sees the file can use it: remove the header.',
      detail: 'graphreq adds the token at send time from GRAPHREQ_ACCESS_TOKEN or, in VS Code, from secret storage.',
      at: { kind: 'header', name: 'authorization' },
      fixes: [{ kind: 'removeHeader', title: 'Remove the Authorization header', name: 'authorization', preferred: true, fixAll: true }],
    });
  }
}
