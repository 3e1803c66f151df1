/**
 * The graphreq language service: the pure core. It takes text and plain settings and returns plain
 * data with offsets; it imports nothing from VS Code, LSP connections, Node I/O or the network
 * (test/core/boundary.test.ts keeps it so). The LSP server, the CLI and the emulator are thin layers on it.
 */
export * from './types';
export type * from './syntax/ast';
export { parseDocument, updateDocument, blockAt, requestNumber } from './syntax/parseDocument';
export { parseBlock, HTTP_METHODS } from './syntax/parseBlock';
export { findBlockStarts } from './syntax/splitBlocks';
export { parseFieldList, type FieldItem, type FieldList, type FieldModifier } from './syntax/fields';
export { positionAt, positionWalker, positionInBlock, blockStartLines, offsetAt, documentText, lineStartsOf } from './syntax/positions';
export { ApiModel, getApiModel, type EndpointDef, type RuleInfo, type ErrorCodeInfo } from './model/apiModel';
export { parseVersion, compareVersions, type Version } from './model/version';
export { fixesDeferred } from './features/deferredFixes';
export { blockJob, checkJob, blockResultOf, fixesJob, hoverJob, JobChecker, type BlockJob, type FixesJob, type FixesResult, type HoverJob, type HoverResult, type JobResult } from './features/portableCheck';
export { validateDocument, validateBlock, validateByBlock, allFindings, eachFindingInOrder, urlReadRate, ValidationCache, type ValidateOptions, type UrlRead, type BlockResult, type DocumentValidation } from './features/validation';
export { buildFileContext, contextParts, contextFromParts, resolveText, requestName, type FileContext, type FileContextParts } from './analysis/fileContext';
export { buildBlockCall, type BlockCall } from './analysis/blockCall';
export { WorkspaceNames, placesOf, type NamedRequest, type WorkspaceScope } from './analysis/workspaceNames';
export { nameIndex, blockNames, type NameIndex, type NameSite, type NameUse, type BlockNames } from './analysis/names';
export { readEnvFileNames, envKeys, envDefinitions, type EnvFileNames, type EnvFileKey } from './analysis/envFileNames';
export type { NavigationContext, Place, ResolvedName } from './features/navigation';
export { formatDocument, formatText, type FormatOptions } from './features/format';
export type { InlayHint, InlayHintKind, InlayHintSettings } from './features/inlayHints';
export type { WorkspaceSymbol } from './features/workspaceSymbols';
export type { DocumentLink } from './features/links';
export { renameEnvVariableIn, envVariableUses, type PrepareRenameResult, type RenameResult, type RenameKind } from './features/rename';
export type { Call, CallParam } from './analysis/call';
export { checkCall } from './rules/engine';
export type { RuleFinding, Location, ServiceError } from './rules/ruleFinding';
export { misTypedSettings, readableVariableProblem, readEnvironmentFile, resolveEnvironment, tokenVariableProblem, TOKEN_VARIABLE_PATTERN, DEFAULT_TOKEN_VARIABLE, type EnvironmentFile, type EnvironmentSettings } from './environment';
export { createLanguageService, type LanguageService, type CompletionItem, type Hover, type CodeLens, type DocumentSymbol, type FoldingRange, type SemanticToken } from './languageService';
export { SEMANTIC_TOKEN_TYPES } from './features/structure';
export { fixAllEdits, fixAllChoice, applyEdits } from './features/fixAll';
// Used by the emulator to read HTTP requests the way the editor reads files.
export { splitVersion } from './model/apiModel';
export { coerce, coerceDeep, resolveRef, characterCount } from './model/validateValue';
export { parseJsonExact } from './syntax/jsonBody';
export { euTargeting } from './rules/adsetRegionRules';
export * from './account/accountContext';
export { ACCOUNT_FIELDS, CAMPAIGN_FIELDS, accountFactsOf, campaignFactsOf, campaignsShown, idsAnswer, pickFields } from './account/readFacts';
export { contextNeeds, contextVersion, type ContextNeeds } from './account/contextNeeds';
