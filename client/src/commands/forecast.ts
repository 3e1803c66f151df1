/**
 * GraphReq: Forecast Send All: what sending the whole file would cost, the forecast the "Send all (N)"
 * CodeLens keeps in its tooltip (server/src/lsp/forecastLens.ts), in a dialog that can send.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { Requests, type SendAllForecast } from '../../../server/src/lsp/protocol';

/** Resolves with the forecast shown, or undefined when there was none; `sendAll` runs when the user chooses to send. */
export async function showSendAllForecast(client: LanguageClient | undefined, sendAll: () => unknown): Promise<SendAllForecast | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'graphreq' || !client?.isRunning()) return undefined;
  const forecast = await client.sendRequest<SendAllForecast | null>(Requests.forecast, { uri: editor.document.uri.toString() });
  if (!forecast) {
    void vscode.window.showInformationMessage('GraphReq: this file has fewer than two requests: send them one by one.');
    return undefined;
  }
  const send = `Send All (${forecast.requests})`;
  void vscode.window
    .showInformationMessage(`GraphReq: sending the ${forecast.requests} requests of this file: ${forecast.title}`, { modal: true, detail: forecast.details.join('\n') }, send)
    .then((chosen) => (chosen === send ? sendAll() : undefined));
  return forecast;
}
