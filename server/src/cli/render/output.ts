/**
 * Where every subcommand writes: standard output for results, standard error for messages, each
 * with its own colour decision (style.ts), and one transient progress line on standard error when it
 * is a terminal. The progress line is cleared before anything else is written, so results and
 * messages never end up glued to it, and drawn again by the next `progress()` call.
 */
import { colourEnabled, createStyle, stripColour, visibleText, type Style } from './style';

/** The process's streams as a command sees them (tests and `main()` callers may pass their own). */
export interface Terminal {
  out(s: string): void;
  err(s: string): void;
  outIsTTY: boolean;
  errIsTTY: boolean;
  env: Record<string, string | undefined>;
  /** Width of the terminal behind standard error, when known. */
  columns?: number;
  /** Asks the user a yes/no question (tests answer it); absent: asked at a terminal, no elsewhere (cli/sendTrust.ts). */
  confirm?: (question: string) => Promise<boolean>;
}

export function processTerminal(): Terminal {
  return {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    outIsTTY: !!process.stdout.isTTY,
    errIsTTY: !!process.stderr.isTTY,
    env: process.env,
    columns: process.stderr.columns,
  };
}

export class Output {
  /** Colours of standard output. */
  readonly style: Style;
  /** Colours of standard error. */
  readonly errStyle: Style;
  private progressShown = false;

  constructor(
    readonly terminal: Terminal,
    options: { noColor?: boolean } = {},
  ) {
    this.style = createStyle(colourEnabled({ isTTY: terminal.outIsTTY, env: terminal.env, noColorFlag: options.noColor }));
    this.errStyle = createStyle(colourEnabled({ isTTY: terminal.errIsTTY, env: terminal.env, noColorFlag: options.noColor }));
  }

  /** Writes to standard output; control characters of the text become visible (style.ts `visibleText`). */
  out(s: string): void {
    this.clearProgress();
    this.terminal.out(visibleText(s, this.style.enabled));
  }

  /** Writes to standard error, likewise. */
  err(s: string): void {
    this.clearProgress();
    this.terminal.err(visibleText(s, this.errStyle.enabled));
  }

  /** Whether a progress line can be drawn: standard error is a terminal that understands `\r` and erasing. */
  get canShowProgress(): boolean {
    return this.terminal.errIsTTY && this.terminal.env.TERM !== 'dumb';
  }

  /** Replaces the progress line (one line, cut to the terminal's width). */
  progress(text: string): void {
    if (!this.canShowProgress) return;
    const width = Math.max(20, (this.terminal.columns || 80) - 1);
    const plain = visibleText(stripColour(text), false);
    const shown = plain.length > width ? `${plain.slice(0, width - 1)}…` : visibleText(text, this.errStyle.enabled);
    this.terminal.err(`\r\u001b[2K${shown}`);
    this.progressShown = true;
  }

  clearProgress(): void {
    if (!this.progressShown) return;
    this.terminal.err('\r\u001b[2K');
    this.progressShown = false;
  }
}
