/**
 * The rule link and source of each diagnostic, added here rather than sent by the server: the client
 * tells the server so (`clientRuleLinks`), and a file with thousands of findings then travels ~110
 * bytes lighter a diagnostic on every keystroke (bench/README.md). One link per rule ID, made once.
 */
import * as vscode from 'vscode';

export function ruleLinker(rulesDoc: vscode.Uri): (diagnostics: readonly vscode.Diagnostic[]) => vscode.Diagnostic[] {
  const links = new Map<string, vscode.Uri>();
  return (diagnostics) => {
    for (const d of diagnostics) {
      d.source ??= 'graphreq';
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      if (code === undefined || typeof d.code === 'object') continue;
      const id = String(code);
      let target = links.get(id);
      if (!target) links.set(id, (target = rulesDoc.with({ fragment: id.toLowerCase() })));
      d.code = { value: code, target };
    }
    return [...diagnostics];
  };
}
