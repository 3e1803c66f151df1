/**
 * Turns rule findings (locations in the request's terms) into spans and text edits on the block.
 * A well-formed object body is located through its top-level members (one scan, no tree), and a
 * finding deeper in a value parses that value alone; the whole body's jsonc tree is built only for
 * a body that is not a well-formed object.
 */
import { modify, type Node } from 'jsonc-parser';
import { buildBlockCall, type BlockCall } from '../analysis/blockCall';
import type { FileContext } from '../analysis/fileContext';
import type { ApiModel } from '../model/apiModel';
import { deferFixes } from './deferredFixes';
import type { Param, RequestBlock } from '../syntax/ast';
import { cleanJsonc, indexCleanBodyMembers, memberNamed, nodeAtPath, parseBodyTree, parseMemberValue, propertyAtPath, type BodyMember, type BodyMembers, type BodyTree, type JsonPath } from '../syntax/jsonBody';
import { scanPath, soleMember } from '../syntax/jsonScan';
import { CallParams } from '../analysis/callParams';
import type { FixSpec, Location, RuleFinding } from '../rules/ruleFinding';
import type { Finding, Fix, Span, TextEdit } from '../types';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * Lets the tests compare locating through the member index with locating through the whole tree
 * (test/core/bodyIndex.test.ts), and fixes computed when read with fixes computed at once (test/core/deferredFixes.test.ts).
 */
export const locatorOptions = { memberIndex: true, deferFixes: true };

/** Findings deeper in one member's value located by scanning it before its tree is built (then each is a lookup in the tree). */
const SCANS_BEFORE_TREE = 8;
/**
 * Members found by their key before the body's members are indexed: each look goes through the
 * whole body (the key must be its only one), so a body of 100,000 members with a thousand findings
 * would be read a thousand times (issue 20's 5 MB body: a keystroke 0.55 s → 1.8 s).
 */
const KEY_LOOKS_BEFORE_INDEX = 8;

export class Locator {
  private tree: BodyTree | undefined;
  private index: BodyMembers | null | undefined;
  private clean: string | undefined;
  /** Whether the cleaned body holds no backslash (soleMember). */
  private plain: boolean | undefined;
  /** How many members were found by their key (`soleMember`) before the members were indexed. */
  private keyLooks = 0;
  /**
   * The body's members located so far, by name (null: the body has none of that name). This and the
   * maps below are made when first needed: a locator is made for every request, most locate nothing.
   */
  private found: Map<string, BodyMember | null> | undefined;
  constructor(private readonly block: RequestBlock, private readonly bc: BlockCall) {}

  /** Whether the body is a well-formed object, located through its members rather than through its tree. */
  private byMembers(): boolean {
    const body = this.request.body;
    return locatorOptions.memberIndex && !!body && body.kind === 'json' && !this.bc.call.bodyBroken;
  }

  /** The JSON body's text cleaned (`cleanJsonc`), once: the index, the key looks and the scans all read it, as the call read it. */
  private cleanBody(): string {
    return (this.clean ??= this.bc.cleanBody ?? cleanJsonc(this.request.body!.text));
  }

  /** The body's top-level members, when it is a well-formed object (null otherwise). */
  private members(): BodyMembers | undefined {
    if (this.index === undefined) this.index = this.byMembers() ? indexCleanBodyMembers(this.cleanBody()) ?? null : null;
    return this.index ?? undefined;
  }

  /**
   * The top-level member `name` of a well-formed object body: null when there is none, undefined when
   * the body is not one. Most findings are on a member's key, one or two a body: the member is found
   * by its key (`soleMember`) when the parsed body says it has one, and the members are indexed only
   * when that cannot tell (a key written twice, escapes), a tenth of the check of a file with findings.
   */
  private member(name: string): BodyMember | null | undefined {
    const known = this.found?.get(name);
    if (known !== undefined) return known;
    if (!this.byMembers()) return undefined;
    const params = this.bc.call.params;
    let m: BodyMember | undefined;
    if (this.index === undefined && this.keyLooks < KEY_LOOKS_BEFORE_INDEX && params instanceof CallParams && params.inBody(name)) {
      this.keyLooks++;
      const text = this.cleanBody();
      m = soleMember(text, name, (this.plain ??= text.indexOf('\\') < 0));
    }
    if (!m) {
      const index = this.members();
      if (!index) return undefined;
      m = memberNamed(index, name);
    }
    (this.found ??= new Map()).set(name, m ?? null);
    return m ?? null;
  }

  /**
   * What `nodeAtPath` finds for `[name, ...path]` in the body's tree, from the member: the node,
   * whether it is the one asked for, and its key (when it is a member's value). Offsets are
   * body-relative; undefined when the body is not a well-formed object, null when it has no such member.
   */
  private memberNode(name: string, path: JsonPath): { node: Span; key?: Span; exact: boolean } | null | undefined {
    const m = this.member(name);
    if (!m) return m;
    const key = { start: m.keyOffset, end: m.keyOffset + m.keyLength };
    const value = { start: m.valueOffset, end: m.valueOffset + m.valueLength };
    if (!path.length) return { node: value, key, exact: true };
    // The path goes no further than the member itself: its value, not the one asked for.
    return this.pathBelow(m, path) ?? { node: value, key, exact: false };
  }

  /** How many findings deeper in each member's value were located by scanning it. */
  private scans: Map<BodyMember, number> | undefined;
  /** Each member's tree, built once it has had its share of scans: a thousand findings in one long list would scan it a thousand times. */
  private memberTrees: Map<BodyMember, Node | undefined> | undefined;

  /** The node at `path` below member `m`'s value, or the deepest one the path reaches; undefined when that is the value itself. */
  private pathBelow(m: BodyMember, path: JsonPath): { node: Span; key?: Span; exact: boolean } | undefined {
    const text = this.cleanBody();
    this.scans ??= new Map();
    const scans = this.scans.get(m) ?? 0;
    if (scans < SCANS_BEFORE_TREE) {
      this.scans.set(m, scans + 1);
      const scanned = scanPath(text, m.valueOffset, path);
      if (scanned) return scanned.depth === 0 ? undefined : { node: scanned.node, key: scanned.key, exact: scanned.depth === path.length };
    }
    const trees = (this.memberTrees ??= new Map());
    if (!trees.has(m)) trees.set(m, parseMemberValue(text, m));
    const root = trees.get(m);
    const { node, exact } = nodeAtPath(root, path);
    if (!node || node === root) return undefined;
    const k = keyOf(node);
    return { node: span(node, m.valueOffset), key: k && span(k, m.valueOffset), exact };
  }

  private get request() {
    return this.block.parsed.request!;
  }

  private bodyTree(): BodyTree | undefined {
    const body = this.request.body;
    if (!body || body.kind !== 'json') return undefined;
    return (this.tree ??= parseBodyTree(body.text));
  }

  private bodyStart(): number {
    return this.request.body!.span.start;
  }

  /** The key of a top-level member of the JSON body, whatever the query holds. */
  bodyKeySpan(name: string): Span | undefined {
    const m = this.member(name);
    if (m !== undefined) return m ? shift({ start: m.keyOffset, end: m.keyOffset + m.keyLength }, this.bodyStart()) : undefined;
    const prop = propertyAtPath(this.bodyTree()?.root, [name]);
    const key = prop?.children?.[0];
    return key ? shift({ start: key.offset, end: key.offset + key.length }, this.bodyStart()) : undefined;
  }

  /** The line-level fallback: the request's target (path and query). */
  requestSpan(): Span {
    const t = this.request.target.pathSpan;
    return t.end > t.start ? t : this.request.target.span.end > this.request.target.span.start ? this.request.target.span : this.request.span;
  }

  span(at: Location): Span {
    switch (at.kind) {
      case 'span':
        return at.span;
      case 'method':
        return this.request.method?.span ?? this.requestSpan();
      case 'request':
        return this.requestSpan();
      case 'version': {
        const s = this.request.target.path.segments[0];
        return s ? s.span : this.requestSpan();
      }
      case 'path': {
        if (at.segment === undefined) return this.requestSpan();
        const source = this.bc.segmentSources[at.segment];
        const s = source === undefined ? undefined : this.request.target.path.segments[source];
        return s ? s.span : this.requestSpan();
      }
      case 'directive': {
        const d = this.block.parsed.directives.find((x) => x.name.text === at.name);
        return d ? d.span : this.requestSpan();
      }
      case 'header': {
        const h = this.request.headers.find((x) => x.name.text.toLowerCase() === at.name);
        return h ? h.span : this.requestSpan();
      }
      case 'field':
        return at.item.nameSpan.start >= 0 ? at.item.nameSpan : this.paramSpan('fields', [], 'value');
      case 'modifier': {
        const s = at.part === 'arg' && at.modifier.argSpan ? at.modifier.argSpan : at.modifier.nameSpan;
        return s.start >= 0 ? (s.end > s.start ? s : at.modifier.span) : this.paramSpan('fields', [], 'value');
      }
      case 'param':
        return this.paramSpan(at.name, at.path ?? [], at.part ?? (at.path?.length ? 'value' : 'key'));
      case 'missing': {
        // A member missing from a parameter's value is shown at the object that lacks it: the
        // parameter's name for a top-level value, the member's key (or the list item) deeper down.
        if (at.path && at.path.length > 0) return this.paramSpan(at.name, at.path.slice(0, -1), 'key');
        return this.requestSpan();
      }
    }
  }

  private paramSpan(name: string, path: JsonPath, part: 'key' | 'value'): Span {
    const written = this.bc.written.get(name);
    if (written) return this.writtenSpan(written, path, part);
    // A member of a `< path` body is in another file: the finding goes on the path.
    const file = this.request.body?.file;
    if (file) return file.path.span;
    const found = this.memberNode(name, path);
    if (found !== undefined) {
      if (!found) return this.requestSpan();
      return shift(part === 'key' || !found.exact ? found.key ?? found.node : found.node, this.bodyStart());
    }
    const tree = this.bodyTree();
    if (tree?.root) {
      const { node, exact } = nodeAtPath(tree.root, [name, ...path]);
      if (node && node !== tree.root) {
        const target = part === 'key' || !exact ? keyOf(node) ?? node : node;
        return shift({ start: target.offset, end: target.offset + target.length }, this.bodyStart());
      }
    }
    return this.requestSpan();
  }

  private writtenSpan(p: Param, path: JsonPath, part: 'key' | 'value'): Span {
    if (part === 'key' || !p.value) return p.name.span;
    if (path.length) {
      const tree = parseBodyTree(p.value.text);
      const { node } = nodeAtPath(tree.root, path);
      if (node && node !== tree.root) return shift({ start: node.offset, end: node.offset + node.length }, p.value.span.start);
    }
    return p.value.span.end > p.value.span.start ? p.value.span : p.span;
  }

  /**
   * The finding at its span. With `later`, its fixes are computed when first read, by the locator
   * `later` builds then (deferredFixes.ts); without, now; with false, never (a host that applies none).
   */
  finding(f: RuleFinding, severity: Finding['severity'], later?: LaterLocator | false): Finding {
    const span = this.span(f.at);
    const out: Finding = { code: f.rule, severity, message: f.message, span };
    if (f.detail) out.detail = f.detail;
    if (f.related?.length) out.related = f.related.map((r) => ({ span: this.span(r.at), message: r.message }));
    const specs = f.fixes;
    if (specs?.length && later !== false) {
      if (later && locatorOptions.deferFixes) deferLater(out, later, specs, span);
      else out.fixes = this.fixes(specs, span);
    }
    if (f.tags) out.tags = f.tags;
    return out;
  }

  /** The fixes of `specs` that apply here, for a finding at `at`; undefined when none does. */
  fixes(specs: FixSpec[], at: Span): Fix[] | undefined {
    const fixes = specs.map((x) => this.fix(x, at)).filter((x): x is Fix => !!x);
    return fixes.length ? fixes : undefined;
  }

  fix(spec: FixSpec, at: Span): Fix | undefined {
    if (spec.kind === 'fetchContext') return { title: spec.title, edits: [], preferred: spec.preferred, command: 'fetchAccountContext' };
    const body = this.request.body;
    // The body is in another file: a fix of its members here could only edit the wrong text.
    if (body?.kind === 'file' && (spec.kind === 'addParams' || ('name' in spec && spec.kind !== 'removeHeader' && spec.kind !== 'addDirective' && !this.bc.written.has(spec.name)))) return undefined;
    const edits = this.edits(spec, at);
    if (!edits || edits.length === 0) return undefined;
    if (body?.kind === 'file' && edits.some((e) => e.span.end > body.span.start && e.span.start < body.span.end)) return undefined;
    // A value written as a `{{variable}}` is fixed where the variable is defined, not overwritten here.
    const removal = spec.kind === 'removeParam' || spec.kind === 'removeHeader';
    if (!removal && edits.some((e) => this.block.text.slice(e.span.start, e.span.end).includes('{{'))) return undefined;
    return { title: spec.title, edits, preferred: spec.preferred, fixAll: spec.fixAll };
  }

  private edits(spec: FixSpec, at: Span): TextEdit[] | undefined {
    switch (spec.kind) {
      case 'replaceAt':
        return [{ span: at, newText: spec.text }];
      case 'setValue':
        return this.setValue(spec.name, spec.path ?? [], spec.value);
      case 'addParam':
        return this.addParam(spec.name, spec.path ?? [], spec.value);
      case 'addParams':
        return this.addParams(spec.names, spec.value);
      case 'removeParam':
        return this.removeParam(spec.name);
      case 'renameParam':
        return this.renameParam(spec.name, spec.path ?? [], spec.newName);
      case 'removeHeader': {
        const h = this.request.headers.find((x) => x.name.text.toLowerCase() === spec.name);
        return h ? [{ span: wholeLine(this.block.text, h.span), newText: '' }] : undefined;
      }
      case 'addDirective': {
        // On its own line just above the request line, where directives are read.
        const start = this.block.text.lastIndexOf('\n', this.request.span.start - 1) + 1;
        return [{ span: { start, end: start }, newText: `# @${spec.name} ${spec.value}\n` }];
      }
      case 'encodeParam': {
        const p = this.bc.written.get(spec.name);
        if (!p?.value) return undefined;
        let end = p.value.span.end;
        for (const a of spec.absorb) {
          const q = this.bc.written.get(a);
          if (q) end = Math.max(end, q.span.end);
        }
        return [{ span: { start: p.value.span.start, end }, newText: spec.value }];
      }
    }
  }

  private jsonEdits(path: JsonPath, value: unknown): TextEdit[] | undefined {
    const body = this.request.body;
    if (!body || body.kind !== 'json') return undefined;
    const text = this.members()?.text ?? this.wellFormedTree()?.text;
    if (text === undefined) return undefined;
    const edits = modify(text, path, value, FORMAT);
    return edits.map((e) => ({ span: { start: body.span.start + e.offset, end: body.span.start + e.offset + e.length }, newText: e.content }));
  }

  private setValue(name: string, path: JsonPath, value: unknown): TextEdit[] | undefined {
    const written = this.bc.written.get(name);
    if (written?.value) {
      if (!path.length) return [{ span: written.value.span, newText: textValue(value) }];
      const tree = parseBodyTree(written.value.text);
      if (!tree.root || tree.errors.length) return undefined;
      return modify(tree.text, path, value, {}).map((e) => ({ span: shift({ start: e.offset, end: e.offset + e.length }, written.value!.span.start), newText: e.content }));
    }
    return this.jsonEdits([name, ...path], value);
  }

  private addParam(name: string, path: JsonPath, value: unknown): TextEdit[] | undefined {
    const body = this.request.body;
    if (body?.kind === 'json') return path.length ? this.jsonEdits([name, ...path], value) : this.insertMembers([name], value);
    if (path.length) return this.setValue(name, path, value);
    const pair = `${name}=${textValue(value)}`;
    if (body?.kind === 'form') return [{ span: { start: body.span.end, end: body.span.end }, newText: `&${pair}` }];
    const lastLine = this.request.continuationLines[this.request.continuationLines.length - 1];
    const end = lastLine ? lastLine.end : this.request.target.span.end;
    const hasQuery = this.request.target.queryStart !== undefined || this.request.params.length > 0;
    return [{ span: { start: end, end }, newText: `${hasQuery ? '&' : '?'}${pair}` }];
  }

  /** Several additions as one edit, so an editor applies them together and they never overlap. */
  private addParams(names: string[], value: unknown): TextEdit[] | undefined {
    const body = this.request.body;
    if (body?.kind === 'json') return this.insertMembers(names, value);
    const edits = names.map((n) => this.addParam(n, [], value)?.[0]);
    if (edits.some((e) => !e || e.span.start !== e.span.end || e.span.start !== edits[0]!.span.start)) return undefined;
    return [{ span: edits[0]!.span, newText: edits.map((e) => e!.newText).join('') }];
  }

  /**
   * Adds top-level members after the last one of the JSON body, in its layout (one member per line,
   * indented like the last one, or on the same line in a one-line body). jsonc-parser's `modify`
   * would re-format the last member's value too, which a quick fix must not do.
   */
  private insertMembers(names: string[], value: unknown): TextEdit[] | undefined {
    const body = this.request.body!;
    const object = this.objectOutline();
    if (!object) return undefined;
    const { text, root, props } = object;
    const member = (n: string): string => `${JSON.stringify(n)}: ${JSON.stringify(value)}`;
    const at = (offset: number): number => body.span.start + offset;
    if (props.length === 0) {
      const inner = names.map((n) => `  ${member(n)}`).join(',\n');
      return [{ span: { start: at(root.offset + 1), end: at(root.offset + root.length - 1) }, newText: `\n${inner}\n` }];
    }
    const last = props[props.length - 1];
    let end = last.offset + last.length;
    const multiline = text.slice(root.offset, last.offset).includes('\n');
    const lineStart = text.lastIndexOf('\n', last.offset - 1) + 1;
    const lead = text.slice(lineStart, last.offset);
    const indent = multiline && lead.trim() === '' ? lead : '  ';
    const sep = multiline ? `\n${indent}` : ' ';
    // A trailing comma after the last member (JSONC allows it) is kept: the new members go after it.
    let k = end;
    while (k < text.length && /\s/.test(text[k])) k++;
    if (text[k] === ',') {
      end = k + 1;
      return [{ span: { start: at(end), end: at(end) }, newText: names.map((n) => `${sep}${member(n)},`).join('') }];
    }
    return [{ span: { start: at(end), end: at(end) }, newText: names.map((n) => `,${sep}${member(n)}`).join('') }];
  }

  private removeParam(name: string): TextEdit[] | undefined {
    const p = this.bc.written.get(name);
    if (!p) return this.removeMember(name);
    const text = this.block.text;
    let start = p.span.start;
    let end = p.span.end;
    if (text[start - 1] === '&') start--;
    else if (text[end] === '&') end++;
    else if (text[start - 1] === '?') {
      // The only parameter after `?`: remove the `?` too, unless query lines follow that need it.
      const continuation = this.request.continuationLines.some((l) => l.start <= start && start <= l.end);
      if (!continuation || this.request.params.length === 1) start--;
    }
    const lineSpan = wholeLine(text, { start, end });
    if (text.slice(lineSpan.start, lineSpan.end).trim() === text.slice(start, end).trim()) return [{ span: lineSpan, newText: '' }];
    return [{ span: { start, end }, newText: '' }];
  }

  /**
   * Removes one top-level member of the JSON body and one comma, touching nothing else: comments and
   * layout stay as written (jsonc-parser's `modify` would reformat the object and drop its comments).
   */
  private removeMember(name: string): TextEdit[] | undefined {
    const index = this.members();
    const m = index && memberNamed(index, name);
    const prop = index ? m && propertySpan(m) : propertyAtPath(this.bodyTree()?.root, [name]);
    if (!prop) return undefined;
    // The text as written: in the tree's text comments are blanked, and would look like spaces to remove.
    const t = this.request.body!.text;
    let start = prop.offset;
    let end = prop.offset + prop.length;
    let after = end;
    while (after < t.length && (t[after] === ' ' || t[after] === '\t')) after++;
    if (t[after] === ',') {
      end = after + 1;
      while (end < t.length && (t[end] === ' ' || t[end] === '\t')) end++;
    } else {
      // The last member: take the comma before it instead.
      let before = start;
      while (before > 0 && /\s/.test(t[before - 1])) before--;
      if (t[before - 1] === ',') start = before - 1;
    }
    // Alone on its line: the line goes too.
    const lineStart = t.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = t.indexOf('\n', end);
    if (t.slice(lineStart, start).trim() === '' && t.slice(end, lineEnd < 0 ? t.length : lineEnd).trim() === '' && lineEnd >= 0) {
      start = lineStart;
      end = lineEnd + 1;
    }
    const base = this.bodyStart();
    return [{ span: { start: base + start, end: base + end }, newText: '' }];
  }

  private renameParam(name: string, path: JsonPath, newName: string): TextEdit[] | undefined {
    const written = this.bc.written.get(name);
    if (written && !path.length) return [{ span: written.name.span, newText: newName }];
    if (written) return undefined;
    const found = this.memberNode(name, path);
    if (found !== undefined) {
      return found?.exact && found.key ? [{ span: shift(found.key, this.bodyStart()), newText: JSON.stringify(newName) }] : undefined;
    }
    const tree = this.bodyTree();
    const { node, exact } = nodeAtPath(tree?.root, [name, ...path]);
    const key = node && exact ? keyOf(node) : undefined;
    if (!key) return undefined;
    return [{ span: shift({ start: key.offset, end: key.offset + key.length }, this.bodyStart()), newText: JSON.stringify(newName) }];
  }

  /** The whole body's tree, when it has no syntax error. */
  private wellFormedTree(): BodyTree | undefined {
    const tree = this.bodyTree();
    return tree && !tree.errors.length ? tree : undefined;
  }

  /** The body as an object: its span and its members' spans (key start to value end), from the index or the tree. */
  private objectOutline(): { text: string; root: { offset: number; length: number }; props: Array<{ offset: number; length: number }> } | undefined {
    const index = this.members();
    if (index) return { text: index.text, root: index, props: index.members.map(propertySpan) };
    const tree = this.wellFormedTree();
    const root = tree?.root;
    if (!tree || !root || root.type !== 'object') return undefined;
    return { text: tree.text, root, props: root.children ?? [] };
  }
}

/**
 * The locator of a block, built when first asked: from what the block's check was given, not from
 * its call, which is not kept (a call per request of a large file, held for fixes nobody may ask for).
 */
export class LaterLocator {
  private made: Locator | null | undefined;
  constructor(
    private readonly block: RequestBlock,
    private readonly ctx: FileContext,
    private readonly model: ApiModel,
  ) {}

  locator(): Locator | undefined {
    if (this.made === undefined) {
      const bc = buildBlockCall(this.block, this.ctx, this.model);
      this.made = bc ? new Locator(this.block, bc) : null;
    }
    return this.made ?? undefined;
  }
}

/**
 * Defers `f`'s fixes to `later`. Out of `Locator.finding` on purpose: a closure made there would share
 * that call's context, which holds the locator itself (other closures there read `this`), and with it
 * the request's call and its body's member index, for as long as the finding lives (35 MB of the
 * language server's heap on the 10k findings file; test/core/findingRetention.test.ts).
 */
function deferLater(f: Finding, later: LaterLocator, specs: FixSpec[], span: Span): void {
  deferFixes(f, () => later.locator()?.fixes(specs, span));
}

/** A member as jsonc-parser's property node spans it: from the key to the end of the value. */
function propertySpan(m: BodyMember): { offset: number; length: number } {
  return { offset: m.keyOffset, length: m.valueOffset + m.valueLength - m.keyOffset };
}

function span(node: Node, by: number): Span {
  return { start: node.offset + by, end: node.offset + node.length + by };
}

function keyOf(node: Node): Node | undefined {
  return node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
}

function shift(s: Span, by: number): Span {
  return { start: s.start + by, end: s.end + by };
}

/** The span of the whole line(s) holding `s`, including the line break. */
function wholeLine(text: string, s: Span): Span {
  const start = text.lastIndexOf('\n', s.start - 1) + 1;
  let end = text.indexOf('\n', s.end);
  end = end < 0 ? text.length : end + 1;
  return { start, end };
}

/** A value as written in a query string or form body: text as is, numbers and booleans as text, objects and lists as JSON. */
function textValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
