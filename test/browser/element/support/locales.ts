import type { UploadStrings } from '../../../../src/element/i18n/strings.ts';
import { shippedLocales as registry } from '../../../../src/element/i18n/shipped-locales.ts';

/** Every shipped translation as [tag, strings] (`pt-BR` from locales/pt-BR.ts), found as the build finds them: a new locale is tested as soon as it exists. */
export const shippedLocales = Object.entries(
  import.meta.glob<Record<string, Partial<UploadStrings>>>('../../../../src/element/locales/*.ts', { eager: true }),
).map(([path, module]) => [path.replace(/^.*\/|\.ts$/g, ''), Object.values(module)[0]!] as const);

/** The shipped languages written right to left. */
export const RIGHT_TO_LEFT = new Set(Object.keys(registry).filter((tag) => registry[tag]!.rtl));
