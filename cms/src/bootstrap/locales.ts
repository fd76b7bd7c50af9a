import type { Core } from '@strapi/strapi';

/** nl is the default (STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE, set in config/plugins.ts), en the second. */
export const LOCALES = [
  { code: 'nl', name: 'Dutch (nl)' },
  { code: 'en', name: 'English (en)' },
] as const;
export const DEFAULT_LOCALE = 'nl';

export async function ensureLocales(strapi: Core.Strapi): Promise<void> {
  const service = strapi.plugin('i18n').service('locales');
  for (const locale of LOCALES) {
    const existing = await service.findByCode(locale.code);
    if (!existing) {
      await service.create({ code: locale.code, name: locale.name });
      strapi.log.info(`[bootstrap] locale ${locale.code} added`);
    }
  }
  if ((await service.getDefaultLocale()) !== DEFAULT_LOCALE) {
    await service.setDefaultLocale({ code: DEFAULT_LOCALE });
    strapi.log.info(`[bootstrap] default locale set to ${DEFAULT_LOCALE}`);
  }
}
