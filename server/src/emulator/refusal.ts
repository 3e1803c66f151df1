/**
 * Which rule-engine finding refuses a call, and its envelope. A finding refuses when it says how the
 * service answers it (`service`) and the editor shows it as an error or a warning; hints and notes
 * never refuse. The first such finding answers, in the engine's order (request, then parameters,
 * then field list, then cross-field rules), so the editor's first error and the emulator's answer
 * agree.
 */
import type { ApiModel, RuleFinding } from '../core';
import { blameData, errorInfo, ServiceError } from './envelope';

export function refusingFinding(findings: RuleFinding[], model: ApiModel): RuleFinding | undefined {
  return findings.find((f) => {
    // The engine leaves `service` out where RULES.md says the service ignores the value (ADSET-TIME-RANGE).
    if (!f.service) return false;
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
    message: service.message ?? (service.code === 100 ? 'Invalid parameter' : info?.title ?? 'Invalid request'),
    errorData: service.blame?.length ? blameData(service.blame) : undefined,
    transient: false,
    userTitle: service.userTitle ?? (service.subcode !== undefined ? info?.title : undefined) ?? model.rule(f.rule)?.title ?? info?.title,
    userMessage: service.userMessage ?? f.message,
    rule: f.rule,
  });
}
