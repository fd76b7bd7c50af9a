import type { Core } from '@strapi/strapi';
import { CONTENT_TYPES, DONATION_TYPE, PUBLIC_PLUGIN_ACTIONS, SUBMISSION_TYPES, readActions, uidOf } from './content-types';

export const SITE_TOKEN_NAME = 'site';

/**
 * The site's scope: read content, deliver form submissions (create, and find to look up a
 * delivery whose answer was lost), create and update donations, upload files (a CV), look up
 * an upload's record by its address (the site makes copies of a photograph only for the width
 * and version its pages link, from that record: server/content/media-catalogue.ts). And what
 * the operator command needs to answer one person's request to see or erase their data (AVG
 * articles 15 and 17, `npm run submissions -- find|export|erase --email`), run with the same
 * token: find and delete submissions and donations, find and delete uploaded files, find and
 * delete users-permissions accounts.
 */
export const SITE_TOKEN_ACTIONS = [
  ...CONTENT_TYPES.flatMap(readActions),
  ...PUBLIC_PLUGIN_ACTIONS,
  ...SUBMISSION_TYPES.flatMap((name) => [`${uidOf(name)}.create`, `${uidOf(name)}.find`, `${uidOf(name)}.delete`]),
  `${uidOf(DONATION_TYPE)}.create`,
  `${uidOf(DONATION_TYPE)}.find`,
  `${uidOf(DONATION_TYPE)}.findOne`,
  `${uidOf(DONATION_TYPE)}.update`,
  `${uidOf(DONATION_TYPE)}.delete`,
  'plugin::upload.content-api.upload',
  'plugin::upload.content-api.find',
  'plugin::upload.content-api.findOne',
  'plugin::upload.content-api.destroy',
  'plugin::users-permissions.user.find',
  'plugin::users-permissions.user.destroy',
];

type TokenService = {
  hash(accessKey: string): string;
  getByName(name: string): Promise<{ id: number; permissions?: string[] } | null>;
  create(attributes: Record<string, unknown>): Promise<{ id: number }>;
  update(id: number, attributes: Record<string, unknown>): Promise<unknown>;
};

/**
 * With SITE_API_TOKEN set, a custom token whose access key is exactly that value: stored as
 * Strapi stores every key (HMAC-SHA512 with API_TOKEN_SALT, plus the encrypted copy the admin
 * shows), so `Authorization: Bearer $SITE_API_TOKEN` works. Its scope is reset to
 * SITE_TOKEN_ACTIONS on every start. The key itself is never logged.
 */
export async function ensureSiteToken(strapi: Core.Strapi): Promise<void> {
  const accessKey = process.env.SITE_API_TOKEN;
  if (!accessKey) return;
  if (accessKey.length < 16) throw new Error('SITE_API_TOKEN must be at least 16 characters');
  const service = (strapi.service('admin::api-token-content-api') ?? strapi.service('admin::api-token')) as unknown as TokenService;
  const encryption = strapi.service('admin::encryption') as unknown as { encrypt(value: string): string | null };
  const wanted = [...new Set(SITE_TOKEN_ACTIONS)].sort();

  let token = await service.getByName(SITE_TOKEN_NAME);
  if (!token) {
    token = await service.create({
      name: SITE_TOKEN_NAME,
      description: "The website's access (SITE_API_TOKEN): read content, deliver forms and donations, upload files; find and erase one person's data",
      type: 'custom',
      lifespan: null,
      permissions: wanted,
    });
    strapi.log.info(`[bootstrap] API token "${SITE_TOKEN_NAME}" created`);
  } else if (JSON.stringify([...(token.permissions ?? [])].sort()) !== JSON.stringify(wanted)) {
    await service.update(token.id, { permissions: wanted });
    strapi.log.info(`[bootstrap] API token "${SITE_TOKEN_NAME}": scope updated`);
  }

  const hashed = service.hash(accessKey);
  const row = await strapi.db.query('admin::api-token').findOne({ where: { id: token.id }, select: ['id', 'accessKey'] });
  if (row?.accessKey !== hashed) {
    await strapi.db.query('admin::api-token').update({
      where: { id: token.id },
      data: { accessKey: hashed, encryptedKey: encryption.encrypt(accessKey) },
    });
    strapi.log.info(`[bootstrap] API token "${SITE_TOKEN_NAME}": access key set from SITE_API_TOKEN`);
  }
}
