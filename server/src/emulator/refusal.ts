/**
 * Which rule-engine finding refuses a call, and its envelope. A finding refuses when it says how the
 * service answers it (`service`) and the editor shows it as an error or a warning; hints and notes
 * never refuse. The first such finding answers, in the engine's order (request, then parameters,
 * then field list, then cross-field rules), so the editor's first error and the emulator's answer
 * agree.
 */
import type { ApiModel, RuleFinding } from '../core';
import { blameData, errorInfo, ServiceError } from './envelope';

/**
 * RULES.md gives these rules a service behaviour of "ignores it" even where the schema can reject
 * the value: [2] Read an ad set says an invalid time_range is ignored, so the emulator answers the
 * read as if no time_range had been sent.
 */
const IGNORED_BY_SERVICE = new Set(['ADSET-TIME-RANGE']);

export function refusingFinding(findings: RuleFinding[], model: ApiModel): RuleFinding | undefined {
  return findings.find((f) => {
    if (!f.service || IGNORED_BY_SERVICE.has(f.rule)) return false;
    const severity = f.severity ?? model.rule(f.rule)?.severity;
    return severity === 'error' || severity === 'warning';
  });
}

export function refusalOf(f: RuleFinding, model: ApiModel): ServiceError {
  const service = f.service!;
  const info = errorInfo(model, service.code, service.subcode);
  return new ServiceError({
    status: 400,
    code: service.code,
    subcode: service.subcode,
    message: service.code === 100 ? 'Invalid parameter' : info?.title ?? 'Invalid request',
    errorData: service.blame?.length ? blameData(service.blame) : undefined,
    transient: false,
    userTitle: service.userTitle ?? (service.subcode !== undefined ? info?.title : undefined) ?? model.rule(f.rule)?.title ?? info?.title,
    userMessage: service.userMessage ?? f.message,
    rule: f.rule,
  });
}
