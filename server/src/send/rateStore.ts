/**
 * Where the rate-limit state (core/send/rateLimits.ts) lives between sends. With history on, it is
 * saved in the history folder (history.ts), so the URL-read counter survives restarts; with history
 * off it lives in memory, as long as the CLI run or the language server.
 */
import { emptyRateState, type RateState } from '../core/send';

export interface RateStore {
  load(): RateState;
  save(state: RateState): void;
}

export class MemoryRateStore implements RateStore {
  private state = emptyRateState();

  load(): RateState {
    return this.state;
  }

  save(state: RateState): void {
    this.state = state;
  }
}
