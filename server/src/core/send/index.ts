/**
 * The pure half of sending: from a request block to the HTTP request the API takes, and from what
 * came back to the result model. No network, no file system: server/src/send/ does the I/O with these.
 */
export * from './types';
export { prepareRequest, type PrepareOptions, type PrepareOutcome } from './prepareRequest';
export { EMBEDDED_EMULATOR_ORIGIN } from './embeddedEmulator';
export { requestDependencies, namesRead, producersIn, requestPlace, workspaceDependencies, type RequestDependencies, type WorkspaceDependencies, type WorkspaceRequest } from './dependencies';
export { lookupResponseRef, type NamedResponses, type StoredResponse } from './namedResponses';
export { toWire, describeRequest, TOKEN_PLACEHOLDER, type WireRequest } from './wire';
export { toCurl } from './curl';
export { EMULATOR_REDACT_HEADER, Redactor, isSecretName, looksLikeToken, redactHeaderValue, secretPattern, secretsOfRedactHeader, secretValuesOf, secretVariableValues } from './redact';
export { environmentSecrets, fileSecrets, tokenVariableOf } from './fileSecrets';
export { decodeErrorBody, findErrorInfo } from './decodeError';
export { parseUsageHeaders, emptyUsage } from './usageHeaders';
export { adviseBeforeSend, recordResult, refusalScopes, holdCovers, originOf, pruneRateState, forgetOrigin, readRateState, emptyRateState, minutesText, URL_READS_PER_HOUR, type RateState, type SendAdvice, type HoldKey } from './rateLimits';
export { retryReason, backoffDelay, defaultRetryPolicy, type RetryPolicy, type AttemptOutcome } from './retryPolicy';
export { resultFromResponse, resultFromFailure, parseBody, responseError, nestingDepth, MAX_JSON_DEPTH, type RawResponse } from './buildResult';
export { tokenTransportProblem, isLoopbackHost, isLoopbackUrl } from './tokenTransport';
export { formatResultText, failureLabel, OUTPUT_LEVELS, usageText, type OutputLevel, type TextPaint, type TextReportOptions } from './textReport';
export { evaluateExpectations, expectedText, expectsError, type ExpectationOutcome, type EvaluateContext, type SnapshotSource } from './expectations';
export { maskForSnapshot, firstDifference, shortValue, MASK, type Difference } from './snapshot';
export { testCases, requestKeys, requestLabel, testSource, type TestCaseInfo } from './testPlan';
export { emptyRecentUsage, recordUsage, usageNow, pruneRecentUsage, figureAt, type RecentUsage, type UsageScope, type ScopeNow, type UsageNow } from './recentUsage';
export { contextLine, forecastRun, forecastTitle, scopeLine, type Forecast, type ForecastInputs, type ForecastScope, type ForecastItem, type LimitInputs } from './forecast';
export { decideSendTarget, settingValue, targetAddress, type SendTarget, type SendTargetInput, type BaseUrlFrom } from './sendTarget';
export { shownUrl } from './shownUrl';
