/**
 * ADSET-FLAGGED-AUDIENCE ([2] Flagged custom audiences and conversions). The documents give two
 * behaviours for creating or changing an ad set that uses a flagged custom audience, lookalike or
 * custom conversion; the emulator's default is `block` (docs/emulator.md, Decisions):
 * - `block`: refused with code 100 and subcode 246003 (audiences) or 246004 (conversions),
 *   error_data holding the restricted ids as JSON text;
 * - `issues_info`: accepted; the ad set reports one issues_info entry per flagged asset
 *   (2460003 / 2460004, error_type SOFT_ERROR; a lookalike flagged with operation_status 471 is a
 *   WARNING entry).
 * Either way an ad set that already uses an asset flagged after its creation reports the entries.
 *
 * Audiences are named in targeting.custom_audiences and targeting.excluded_custom_audiences (ids or
 * {"id": ...} objects); a conversion in promoted_object.custom_conversion_id.
 */
import type { EmulatorConfig } from '../config';
import { ServiceError } from '../envelope';
import type { AudienceRecord, ConversionRecord, EmulatorState } from '../state';
import { own } from '../../core/own';

export interface FlaggedUse {
  audiences: AudienceRecord[];
  conversions: ConversionRecord[];
}

export function flaggedAssetsOf(params: Record<string, unknown>, state: EmulatorState): FlaggedUse {
  const targeting = asObject(params.targeting);
  const audienceIds = [...idsIn(targeting?.custom_audiences), ...idsIn(targeting?.excluded_custom_audiences)];
  const audiences = [...new Set(audienceIds)].map((id) => own(state.audiences, id)).filter((a): a is AudienceRecord => !!a && a.flagged);
  const conversionId = asObject(params.promoted_object)?.custom_conversion_id;
  const conversion = typeof conversionId === 'string' || typeof conversionId === 'number' ? own(state.conversions, String(conversionId)) : undefined;
  return { audiences, conversions: conversion?.flagged ? [conversion] : [] };
}

export function refuseFlaggedAssets(use: FlaggedUse, config: EmulatorConfig): void {
  if (config.flaggedAssets !== 'block') return;
  if (use.audiences.length) {
    throw new ServiceError({
      status: 400,
      code: 100,
      subcode: 246003,
      message: 'Invalid parameter',
      errorData: JSON.stringify(use.audiences.map((a) => a.id)),
      userTitle: 'Custom audience unavailable',
      userMessage: `This ad set uses custom audiences flagged for suggesting restricted information (${use.audiences.map((a) => a.id).join(', ')}), and flagged audiences cannot be used in new campaigns. Remove the restricted information from the audience, choose another audience or build a new one; for a lookalike, fix its source audience. A review can be requested.`,
      rule: 'ADSET-FLAGGED-AUDIENCE',
    });
  }
  if (use.conversions.length) {
    throw new ServiceError({
      status: 400,
      code: 100,
      subcode: 246004,
      message: 'Invalid parameter',
      errorData: JSON.stringify(use.conversions.map((c) => c.id)),
      userTitle: 'Custom conversion unavailable',
      userMessage: `This ad set uses custom conversion ${use.conversions[0].id}, flagged for suggesting restricted information. Use another, unflagged conversion; for a running campaign, duplicate it with a different conversion (a published campaign's conversion cannot be swapped). A review can be requested.`,
      rule: 'ADSET-FLAGGED-AUDIENCE',
    });
  }
}

/** One issues_info entry per flagged asset ([2] Issue entry). */
export function issueEntries(use: FlaggedUse): Array<Record<string, unknown>> {
  return [
    ...use.audiences.map((a) => ({
      level: 'AD_SET',
      error_code: 2460003,
      error_summary: 'Custom audience blocked',
      error_message: `The ${a.kind === 'lookalike' ? 'lookalike' : 'custom'} audience ${a.id} is flagged for suggesting restricted information, so delivery is affected until it is resolved.`,
      error_type: a.kind === 'lookalike' && a.operation_status === 471 ? 'WARNING' : 'SOFT_ERROR',
      additional_info: a.id,
    })),
    ...use.conversions.map((c) => ({
      level: 'AD_SET',
      error_code: 2460004,
      error_summary: 'Custom conversion blocked',
      error_message: `The custom conversion ${c.id} is flagged for suggesting restricted information, so delivery is affected until it is resolved.`,
      error_type: 'SOFT_ERROR',
      additional_info: c.id,
    })),
  ];
}

/** Ids in a list of ids or of {"id": ...} objects. */
function idsIn(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (const item of v) {
    const id = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).id : item;
    if (typeof id === 'string' || typeof id === 'number') out.push(String(id));
  }
  return out;
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
