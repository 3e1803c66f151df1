/** Core results (offsets, plain types) to LSP types (positions). No rule logic here. */
import {
  CompletionItemKind,
  DiagnosticSeverity,
  DiagnosticTag,
  InsertTextFormat,
  MarkupKind,
  type ClientCapabilities,
  type CompletionItem as LspCompletionItem,
  type Diagnostic,
  type Range,
  type TextEdit as LspTextEdit,
} from 'vscode-languageserver';
import { positionAt, type CompletionItem, type Finding, type GraphreqDocument, type Span, type TextEdit } from '../core';

/**
 * docs/ beside the installed package, as a URL: diagnostics link each rule ID to its section in
 * rules.md. The host says where it is (a file URL on the desktop, the extension's URL on the web)
 * once, at start (`setDocsLocation`), before any message is read.
 */
let docsDir = 'docs';

export function setDocsLocation(url: string): void {
  docsDir = url.replace(/\/+$/, '');
}

/**
 * Markdown of hover and completion with its links into docs/ (the core writes them relative to the
 * package root, `docs/api.md#2-create-an-ad-set`) made absolute, so the editor can open them.
 */
export function toMarkdown(value: string): string {
  return value.replace(/\]\(docs\//g, `](${docsDir}/`);
}

/** Documents are identified by URI in LSP; here a document is its parse. */
type Doc = { uri: string; parse: GraphreqDocument };

export function toRange(doc: Doc, span: Span): Range {
  return { start: positionAt(doc.parse, span.start), end: positionAt(doc.parse, span.end) };
}

const SEVERITY: Record<Finding['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The rule's section in docs/rules.md, which a diagnostic's code links to. */
export function ruleLink(code: string): string {
  return `${docsDir}/rules.md#${code.toLowerCase()}`;
}

/**
 * What a diagnostic carries besides its range, severity, code and message, by what the client
 * declares (every keystroke in a large document sends all of its diagnostics: what a client does
 * not use is bytes it parses for nothing):
 * - `source` (`graphreq`), and `link`, the rule link (`codeDescription`), for a client that
 *   declares `codeDescriptionSupport` (not Neovim 0.7, a plain client: ~60 bytes a diagnostic);
 *   neither for a client that adds both itself from the code (the VS Code client; see
 *   lsp/protocol.ts, `InitializationOptions.clientRuleLinks`);
 * - `related` (`relatedInformation`: the other place of a name given twice, ...) and `tags`
 *   (deprecated, unnecessary) only to a client that declares `relatedInformation` and `tagSupport`.
 */
export interface DiagnosticExtras {
  source: boolean;
  link: boolean;
  related: boolean;
  tags: boolean;
}

/** Everything: what a client that declares every capability is sent. */
export const ALL_EXTRAS: DiagnosticExtras = Object.freeze({ source: true, link: true, related: true, tags: true });

/** The extras a client is sent, from its capabilities and initialization options. */
export function diagnosticExtras(caps: ClientCapabilities, clientRuleLinks: boolean | undefined): DiagnosticExtras {
  // LSP 3.16 declares them for pushed diagnostics; a pulling client declares the same (3.18 names them for both).
  const pushed = caps.textDocument?.publishDiagnostics;
  const pulled = caps.textDocument?.diagnostic as { codeDescriptionSupport?: boolean; relatedInformation?: boolean; tagSupport?: unknown } | undefined;
  return {
    source: !clientRuleLinks,
    link: !clientRuleLinks && !!(pushed?.codeDescriptionSupport || pulled?.codeDescriptionSupport),
    related: !!(pushed?.relatedInformation || pulled?.relatedInformation),
    tags: !!(pushed?.tagSupport || pulled?.tagSupport),
  };
}

/** A finding as an LSP diagnostic, with the `extras` its client is sent. */
export function toDiagnostic(doc: Doc, f: Finding, extras: DiagnosticExtras = ALL_EXTRAS): Diagnostic {
  return diagnosticOf(f, doc.uri, (s) => toRange(doc, s), extras);
}

/** `toDiagnostic` with the ranges computed by the caller (per block, for the diagnostics cache). */
export function diagnosticOf(f: Finding, uri: string, range: (s: Span) => Range, extras: DiagnosticExtras): Diagnostic {
  // Members in the protocol's order: range, severity, code, codeDescription, source, message, ...
  const d = { range: range(f.span), severity: SEVERITY[f.severity], code: f.code } as Diagnostic;
  if (extras.link) d.codeDescription = { href: ruleLink(f.code) };
  if (extras.source) d.source = 'graphreq';
  d.message = f.message;
  if (extras.related && f.related?.length) d.relatedInformation = f.related.map((r) => ({ location: { uri, range: range(r.span) }, message: r.message }));
  if (extras.tags && f.tags?.length) d.tags = f.tags.map((t) => (t === 'deprecated' ? DiagnosticTag.Deprecated : DiagnosticTag.Unnecessary));
  return d;
}

export function toTextEdit(doc: Doc, e: TextEdit): LspTextEdit {
  return { range: toRange(doc, e.span), newText: e.newText };
}

const KIND: Record<CompletionItem['kind'], CompletionItemKind> = {
  method: CompletionItemKind.Keyword,
  endpoint: CompletionItemKind.Module,
  version: CompletionItemKind.Constant,
  param: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
  field: CompletionItemKind.Field,
  modifier: CompletionItemKind.Method,
  variable: CompletionItemKind.Variable,
  directive: CompletionItemKind.Keyword,
  header: CompletionItemKind.Property,
  property: CompletionItemKind.Property,
  snippet: CompletionItemKind.Snippet,
  operator: CompletionItemKind.Operator,
};

export function toCompletionItem(doc: Doc, itemIn: CompletionItem, snippets: boolean): LspCompletionItem {
  const item = !snippets && itemIn.snippet && itemIn.plain ? { ...itemIn, ...itemIn.plain, snippet: false, retrigger: false } : itemIn;
  const insert = item.insertText ?? item.label;
  const asSnippet = !!item.snippet && snippets;
  const out: LspCompletionItem = {
    label: item.label,
    kind: KIND[item.kind],
    detail: item.detail,
    documentation: item.documentation ? { kind: MarkupKind.Markdown, value: toMarkdown(item.documentation) } : undefined,
    sortText: item.sortText,
    filterText: item.filterText,
    textEdit: { range: toRange(doc, item.replace), newText: asSnippet ? insert : stripSnippet(insert, !!item.snippet) },
    insertTextFormat: asSnippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
  if (item.deprecated) out.tags = [1];
  if (item.retrigger) out.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
  return out;
}

/** For clients without snippet support: `${1:default}` becomes `default`, `$1` disappears. */
function stripSnippet(text: string, isSnippet: boolean): string {
  if (!isSnippet) return text;
  return text.replace(/\$\{\d+\|([^,|}]*)[^}]*\}/g, '$1').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/(?<!\\)\$\d+/g, '').replace(/\\([$}\\])/g, '$1');
}
