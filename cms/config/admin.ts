import type { Core } from '@strapi/strapi';
import { PREVIEWABLE } from '../src/preview/previewable';
import { secret } from '../src/utils/secrets';

/**
 * The preview button (Strapi 5 preview) opens the site's draft view when SITE_URL and
 * PREVIEW_SECRET are set:
 *   ${SITE_URL}/preview?secret=…&uid=api::page.page&documentId=…&locale=nl&status=draft
 * PUBLIC_SITE_URL, when set, is the address the editor's browser uses (SITE_URL may be an
 * internal one that only the webhook can reach, as in compose.yaml).
 */
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => {
  const siteUrl = (env('PUBLIC_SITE_URL', '') || env('SITE_URL', '') || '').replace(/\/+$/, '');
  const previewSecret = env('PREVIEW_SECRET', '');
  return {
    auth: { secret: secret(env, 'ADMIN_JWT_SECRET') },
    apiToken: { salt: secret(env, 'API_TOKEN_SALT') },
    transfer: { token: { salt: secret(env, 'TRANSFER_TOKEN_SALT') } },
    secrets: { encryptionKey: secret(env, 'ENCRYPTION_KEY') },
    flags: { nps: false, promoteEE: false },
    preview: {
      enabled: Boolean(siteUrl && previewSecret),
      config: {
        allowedOrigins: siteUrl ? [siteUrl] : [],
        async handler(uid: string, { documentId, locale, status }: { documentId: string; locale?: string; status?: string }) {
          if (!PREVIEWABLE.has(uid)) return null;
          const params = new URLSearchParams({
            secret: previewSecret ?? '',
            uid,
            documentId,
            locale: locale ?? 'nl',
            status: status === 'published' ? 'published' : 'draft',
          });
          return `${siteUrl}/preview?${params}`;
        },
      },
    },
  };
};

export default config;
