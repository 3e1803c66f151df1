/**
 * Progress of a send: in the status bar at once, and as a notification (with Cancel) only once the
 * send has taken longer than a second. A send to a nearby service answers in milliseconds, and a
 * notification that pops up and stays over the response view for that long is noise; a slow one
 * must still be visible and cancellable. Plain module (no 'vscode' import): the editor's progress
 * calls are injected, so unit tests drive it with their own timer.
 */

/** A send taking longer than this gets a notification. */
export const NOTIFY_AFTER_MS = 1000;

export interface ProgressUi {
  /** Shows `title` in the status bar until `task` settles. */
  statusBar(title: string, task: Promise<unknown>): void;
  /** Shows `title` as a notification with a Cancel button until `task` settles. */
  notification(title: string, task: Promise<unknown>, onCancel: () => void): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Shows the progress of `task` and returns it. */
export function showProgress<T>(ui: ProgressUi, title: string, task: Promise<T>, onCancel: () => void, afterMs = NOTIFY_AFTER_MS): Promise<T> {
  ui.statusBar(title, task);
  let settled = false;
  const timer = ui.setTimeout(() => {
    if (!settled) ui.notification(title, task, onCancel);
  }, afterMs);
  const done = (): void => {
    settled = true;
    ui.clearTimeout(timer);
  };
  task.then(done, done);
  return task;
}
