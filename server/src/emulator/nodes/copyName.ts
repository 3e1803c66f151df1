/**
 * Names of copies ([2] Copy an ad set, rename_options; COPY-DEFAULTS): ONLY_TOP_LEVEL_RENAME (the
 * default) renames the copied ad set, DEEP_RENAME its ads too, NO_RENAME neither. A rename puts
 * rename_prefix before the name and rename_suffix after it; a null suffix (the default) appends a
 * copy marker in the ad account's locale.
 */
const COPY_MARKERS: Record<string, string> = {
  en_US: ' - Copy',
  en_GB: ' - Copy',
  fr_FR: ' - Copie',
  de_DE: ' - Kopie',
  es_ES: ' - Copia',
  it_IT: ' - Copia',
  pt_BR: ' - Cópia',
  nl_NL: ' - Kopie',
};

export interface RenameOptions {
  rename_strategy?: unknown;
  rename_prefix?: unknown;
  rename_suffix?: unknown;
}

export type RenameLevel = 'top' | 'child';

export function copyName(name: string, level: RenameLevel, options: RenameOptions | undefined, locale: string): string {
  const strategy = typeof options?.rename_strategy === 'string' ? options.rename_strategy : 'ONLY_TOP_LEVEL_RENAME';
  if (strategy === 'NO_RENAME' || (level === 'child' && strategy !== 'DEEP_RENAME')) return name;
  const prefix = typeof options?.rename_prefix === 'string' ? options.rename_prefix : '';
  const suffix = typeof options?.rename_suffix === 'string' ? options.rename_suffix : COPY_MARKERS[locale] ?? COPY_MARKERS.en_US;
  return `${prefix}${name}${suffix}`;
}
