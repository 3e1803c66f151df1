/**
 * The environment picker: a status bar item naming the environment in use (and whether requests go
 * to a base URL or to the embedded emulator); clicking it lists the environments of graphreq.env.json.
 * The choice is kept in the workspace's state (outside the repository: choosing writes no file) and
 * wins over the `graphreq.environment` setting; the server hears it through its configuration
 * (languageClient.ts). Where requests go is core/send/sendTarget.ts's decision, the server's own.
 */
import * as vscode from 'vscode';
import { FileChangedError, writeFileAtomic } from '../../server/src/files/atomicWrite';
import { environmentInfo, ENV_FILE } from './environments';
import { environmentTooltipMarkdown } from './environmentTooltip';
import { shownUrl } from '../../server/src/core/send/shownUrl';
import type { SentTarget } from '../../server/src/lsp/protocol';

/** Workspace state (outside the repository): the environment the user picked, which may then receive the token. */
const PICKED_KEY = 'graphreq.pickedEnvironment';

export class EnvironmentPicker implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('graphreq.environment', vscode.StatusBarAlignment.Left, 99);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private readonly picks = new vscode.EventEmitter<string>();
  /** Fires with the environment picked ('' = none). */
  readonly onDidPick = this.picks.event;
  /** Where the last send went (the server's word), for the tooltip. */
  private lastSent: SentTarget | undefined;

  /** `state`: the workspace's state, where the picked environment is remembered. */
  constructor(private readonly state: vscode.Memento) {
    this.item.name = 'GraphReq environment';
    this.item.command = 'graphreq.selectEnvironment';
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor(() => void this.refresh()),
      vscode.window.onDidChangeVisibleTextEditors(() => void this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('graphreq')) void this.refresh(); }),
    );
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${ENV_FILE}`);
    this.disposables.push(watcher, watcher.onDidChange(() => void this.refresh()), watcher.onDidCreate(() => void this.refresh()), watcher.onDidDelete(() => void this.refresh()));
    void this.refresh();
  }

  async refresh(): Promise<void> {
    // The active editor, or (while a webview such as the response view has focus) a visible one.
    const isGraphreq = (e: vscode.TextEditor | undefined): e is vscode.TextEditor => e?.document.languageId === 'graphreq';
    const editor = isGraphreq(vscode.window.activeTextEditor) ? vscode.window.activeTextEditor : vscode.window.visibleTextEditors.find(isGraphreq);
    if (!editor) {
      this.item.hide();
      return;
    }
    const info = await environmentInfo(editor.document.uri, this.picked());
    this.item.text = info.restricted ? '$(shield) GraphReq: Restricted Mode' : `$(server-environment) ${info.name || 'no environment'} · ${info.baseUrl ? hostOf(info.baseUrl) : 'emulator'}`;
    // Untrusted and without theme icons: the text is the workspace's (environmentTooltip.ts).
    this.item.tooltip = new vscode.MarkdownString(environmentTooltipMarkdown({
      name: info.name,
      baseUrl: info.baseUrl,
      file: info.file ? vscode.workspace.asRelativePath(info.file) : undefined,
      problem: info.problem,
      lastSent: this.lastSent,
    }));
    this.item.backgroundColor = info.problem ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  /** The quick pick behind `GraphReq: Select Environment`. */
  async pick(): Promise<void> {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const info = await environmentInfo(uri, this.picked());
    type Item = vscode.QuickPickItem & { value?: string; create?: boolean };
    const items: Item[] = info.names.map((n) => ({ label: n, value: n, description: n === info.name ? 'current' : undefined }));
    items.push({ label: '$(circle-slash) No environment', description: '`$shared` only', value: '' });
    if (!info.file && !info.refused) items.push({ label: `$(new-file) Create ${ENV_FILE}`, create: true });
    const chosen = await vscode.window.showQuickPick(items, {
      title: 'GraphReq: select the environment',
      placeHolder: info.file ? `Environments of ${vscode.workspace.asRelativePath(info.file)}` : `No ${ENV_FILE} yet`,
    });
    if (!chosen) return;
    if (chosen.create) {
      await createEnvFile();
      return;
    }
    await this.choose(chosen.value ?? '');
  }

  /** Picks `name` ('' = none) for this workspace: its state only, never a settings file. */
  async choose(name: string): Promise<void> {
    await this.state.update(PICKED_KEY, name);
    this.picks.fire(name);
    await this.refresh();
  }

  /** The environment picked in this workspace ('' = none), or undefined if none was ever picked (the setting decides). */
  picked(): string | undefined {
    const value = this.state.get<unknown>(PICKED_KEY);
    return typeof value === 'string' ? value : undefined;
  }

  /** The item's text now (for tests and the extension's API). */
  get text(): string {
    return this.item.text;
  }

  /** The server's word on where a send went. */
  sentTo(target: SentTarget): void {
    this.lastSent = target;
    void this.refresh();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.picks.dispose();
  }
}

/** `host:port` of a base URL, short enough for the status bar. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return shownUrl(baseUrl); // Not a URL: still no password or query on the status bar.
  }
}

async function createEnvFile(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    void vscode.window.showWarningMessage(`GraphReq: open a folder to create ${ENV_FILE} in it.`);
    return;
  }
  const file = vscode.Uri.joinPath(folder.uri, ENV_FILE);
  const template = {
    $shared: { version: 'v23.0', account: '1234567890' },
    local: {},
    prod: { baseUrl: 'https://graph.example.com', defaultVersion: 'v23.0' },
  };
  const text = JSON.stringify(template, null, 2) + '\n';
  try {
    // A new file only: `expect: null` refuses to replace one that appeared meanwhile.
    if (file.scheme === 'file') await writeFileAtomic(file.fsPath, text, { expect: null });
    else await vscode.workspace.fs.writeFile(file, Buffer.from(text, 'utf8'));
  } catch (e) {
    if (!(e instanceof FileChangedError)) throw e;
  }
  await vscode.window.showTextDocument(file);
}
