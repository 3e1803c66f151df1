/**
 * The requests too large for a slice of the check (256 KB or more, checkWorker.ts), and what is
 * asked of them, done by the host's BlockChecker (the desktop's worker; issue 20): their check, a
 * hover inside one, the fixes of their findings. On a body of megabytes each is hundreds of
 * milliseconds: the check; a hover builds the request's call and its body's tree; a fix is computed
 * by checking the request again. The server's thread then reads its messages meanwhile.
 *
 * A hover or a code action asked while the request's check is under way waits for that check, not
 * for one of its own. Whatever the checker cannot do (no worker, a worker that failed, a context it
 * was not given) is done on the server's thread, as before (`HERE`).
 */
import { blockJob, blockResultOf, fixesDeferred, fixesJob, hoverJob, type ApiModel, type BlockResult, type FileContext, type Hover, type ParsedBlock, type RequestBlock, type Span, type ValidationCache } from '../core';
import type { BlockChecker } from './host';

/** The answer to do it on the server's thread. */
export const HERE = Symbol('here');

export class LargeBlocks {
  /**
   * The check under way of each block (by its parse), for the context's signature it was asked with,
   * and whether each of those waiting for it still wants it (the job is dropped when none does).
   */
  private readonly pending = new WeakMap<ParsedBlock, { signature: string; result: Promise<BlockResult | undefined>; wanted: Array<() => boolean> }>();

  constructor(
    private readonly checker: BlockChecker,
    private readonly model: ApiModel,
    private readonly log: (message: string) => void,
  ) {}

  isLarge(block: RequestBlock): boolean {
    return block.text.length >= this.checker.minLength;
  }

  /**
   * The block's result in `ctx`: from `cache`, from its check under way, else from a check asked of
   * the checker now (then kept in `cache`). Undefined when the checker did not check it (`wanted`
   * turned false first, or it cannot).
   */
  result(block: RequestBlock, ctx: FileContext, cache: ValidationCache, wanted: () => boolean): Promise<BlockResult | undefined> {
    const cached = cache.get(block, ctx.signature);
    if (cached) return Promise.resolve(cached);
    const under = this.pending.get(block.parsed);
    if (under && under.signature === ctx.signature) {
      under.wanted.push(wanted);
      return under.result;
    }
    const waiting = [wanted];
    const result = this.checker.check(blockJob(block, ctx), () => waiting.some((w) => w())).then((r) => {
      if (this.pending.get(block.parsed)?.result === result) this.pending.delete(block.parsed);
      if (r?.ok) {
        const checked = blockResultOf(r, block, ctx, this.model);
        cache.set(block, ctx.signature, checked);
        return checked;
      }
      if (r) this.log(`graphreq: request ${block.index + 1} is checked on the server's thread: ${r.message}`);
      return undefined;
    });
    this.pending.set(block.parsed, { signature: ctx.signature, result, wanted: waiting });
    return result;
  }

  /** A hover at `offset` (relative to the block) with the block's findings, answered by the checker; its span relative to the block. */
  async hover(block: RequestBlock, ctx: FileContext, offset: number, cache: ValidationCache, wanted: () => boolean): Promise<Hover | undefined | typeof HERE> {
    if (!this.checker.hover) return HERE;
    const checked = await this.result(block, ctx, cache, wanted);
    if (!checked) return wanted() ? HERE : undefined;
    const r = await this.checker.hover(hoverJob(block, ctx, offset, checked.findings), wanted);
    if (r?.ok) return r.hover;
    if (r) this.log(`graphreq: a hover in request ${block.index + 1} is answered on the server's thread: ${r.message}`);
    return wanted() ? HERE : undefined;
  }

  /**
   * The fixes of the findings of the large blocks of `blocks` that overlap `span` (relative to the
   * document), computed by the checker and set on the findings of their results in `cache`: a code
   * action then reads them without checking the block here. A finding the checker does not fix keeps
   * its fixes deferred (computed here when read).
   */
  async fixes(blocks: readonly RequestBlock[], span: Span, ctx: FileContext, cache: ValidationCache, wanted: () => boolean): Promise<void> {
    if (!this.checker.fixes) return;
    const fixes = this.checker.fixes.bind(this.checker);
    await Promise.all(
      blocks
        .filter((b) => this.isLarge(b) && b.offset <= span.end && b.offset + b.text.length >= span.start)
        .map(async (block) => {
          const checked = await this.result(block, ctx, cache, wanted);
          if (!checked) return;
          const rel = { start: span.start - block.offset, end: span.end - block.offset };
          const indices: number[] = [];
          checked.findings.forEach((f, i) => {
            if (fixesDeferred(f) && f.span.end >= rel.start && f.span.start <= rel.end) indices.push(i);
          });
          if (!indices.length) return;
          const r = await fixes(fixesJob(block, ctx, indices), wanted);
          if (r?.ok) indices.forEach((i, k) => (checked.findings[i].fixes = r.fixes[k]));
          else if (r) this.log(`graphreq: the fixes of request ${block.index + 1} are computed on the server's thread: ${r.message}`);
        }),
    );
  }
}
