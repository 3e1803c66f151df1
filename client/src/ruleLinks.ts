/**
 * Links into the extension's docs/ that land where they point. The rule link and source of each
 * diagnostic are added here rather than sent by the server: the client tells the server so
 * (`clientRuleLinks`), and a file with thousands of findings then travels ~110 bytes lighter a
 * diagnostic on every keystroke (bench/README.md). Every link into docs/*.md with an anchor (a
 * diagnostic's code, a rule ID in the file, a hover's "Source") is turned into the `#L<line>` of
 * its heading, which VS Code opens at that line (an anchor it would open at line 1: docAnchors.ts).
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { headingLines, lineFragment } from './docAnchors';

export class DocLinks {
  /** The heading lines of each file read, by path (null: unreadable). */
  private readonly files = new Map<string, Map<string, number> | null>();

  constructor(private readonly docsDir: vscode.Uri) {}

  /** `uri` at its heading's line when it is an anchor link into docs/, else as it is. */
  resolve(uri: vscode.Uri): vscode.Uri {
    if (!uri.fragment || uri.scheme !== this.docsDir.scheme || !uri.path.startsWith(`${this.docsDir.path}/`) || !uri.path.endsWith('.md')) return uri;
    const lines = this.linesOf(uri);
    const fragment = lines ? lineFragment(lines, uri.fragment) : undefined;
    return fragment ? uri.with({ fragment }) : uri;
  }

  /** Markdown with its links into docs/ resolved. */
  markdown(value: string): string {
    return value.replace(/\]\((file:[^)\s]+)\)/g, (whole, target: string) => {
      const resolved = this.resolve(vscode.Uri.parse(target));
      return resolved.fragment.startsWith('L') ? `](${resolved.toString()})` : whole;
    });
  }

  /** A rule ID's section of docs/rules.md. */
  rule(id: string): vscode.Uri {
    return this.resolve(vscode.Uri.joinPath(this.docsDir, 'rules.md').with({ fragment: id.toLowerCase() }));
  }

  private linesOf(uri: vscode.Uri): Map<string, number> | null {
    let lines = this.files.get(uri.path);
    if (lines === undefined) {
      try {
        lines = headingLines(fs.readFileSync(uri.fsPath, 'utf8'));
      } catch {
        lines = null;
      }
      this.files.set(uri.path, lines);
    }
    return lines;
  }
}

export function ruleLinker(links: DocLinks): (diagnostics: readonly vscode.Diagnostic[]) => vscode.Diagnostic[] {
  const byRule = new Map<string, vscode.Uri>();
  return (diagnostics) => {
    for (const d of diagnostics) {
      d.source ??= 'graphreq';
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      if (code === undefined || typeof d.code === 'object') continue;
      const id = String(code);
      let target = byRule.get(id);
      if (!target) byRule.set(id, (target = links.rule(id)));
      d.code = { value: code, target };
    }
    return [...diagnostics];
  };
}
