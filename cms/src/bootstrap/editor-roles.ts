import type { Core } from '@strapi/strapi';
import { CONTENT_TYPES, DONATION_TYPE, SUBMISSION_TYPES, uidOf } from './content-types';
import { LOCALES } from './locales';

/**
 * Two admin roles besides Strapi's own, their permissions reset on every start:
 *
 * - **Redacteur** (editor): the site's content (pages, blog, courses, ... create, edit, publish,
 *   delete), the media library and the menus. No form inboxes, donations, users, settings or
 *   developer tools: the content manager lists only the content.
 * - **Inzendingen en donaties**: reads (and deletes) what the site's forms and donations
 *   delivered, for the people who handle them; no content.
 *
 * With EDITOR_EMAIL and EDITOR_PASSWORD set, an editor account with the Redacteur role and the
 * admin in Dutch (`npm run cms` sets a development one unless NODE_ENV=production).
 */
export const EDITOR_ROLE = {
  code: 'joinus-redacteur',
  name: 'Redacteur',
  description: "Redacteuren bewerken en publiceren de inhoud van de site, de media en de menu's. / Editors: content, media and menus.",
};
export const INBOX_ROLE = {
  code: 'joinus-inzendingen',
  name: 'Inzendingen en donaties',
  description: 'Leest de formulieren en donaties die via de site binnenkomen. / Reads form submissions and donations.',
};

const CONTENT_UIDS = new Set<string>(CONTENT_TYPES.map(uidOf));
const PRIVATE_UIDS = new Set<string>([...SUBMISSION_TYPES, DONATION_TYPE].map(uidOf));
const INBOX_ACTIONS = new Set(['plugin::content-manager.explorer.read', 'plugin::content-manager.explorer.delete']);

const MEDIA_PERMISSIONS = [
  'plugin::upload.read',
  'plugin::upload.configure-view',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
].map((action) => ({ action, subject: null, properties: {}, conditions: [] }));
const MENU_PERMISSIONS = ['plugin::navigation.read', 'plugin::navigation.update'].map((action) => ({ action, subject: null, properties: {}, conditions: [] }));

type Permission = { action: string; subject: string | null; properties?: Record<string, unknown>; conditions?: string[] };
type RoleService = {
  findOne(params: Record<string, unknown>): Promise<{ id: number } | null>;
  create(attributes: Record<string, unknown>): Promise<{ id: number }>;
  assignPermissions(roleId: number, permissions: Permission[]): Promise<unknown>;
};

/** Every content-type permission Strapi knows, with the fields (nested ones too) of its subject. */
function contentTypePermissions(strapi: Core.Strapi): Permission[] {
  const permissionService = strapi.service('admin::permission') as unknown as { actionProvider: { values(): Array<{ section: string }> } };
  const contentTypeService = strapi.service('admin::content-type') as unknown as { getPermissionsWithNestedFields(actions: unknown[], options?: unknown): Permission[] };
  const actions = permissionService.actionProvider.values().filter((a) => a.section === 'contentTypes');
  return contentTypeService.getPermissionsWithNestedFields(actions, { restrictedSubjects: [] });
}

export function rolePermissions(all: Permission[]): { editor: Permission[]; inbox: Permission[] } {
  return {
    // The content is localized: without `locales` the i18n plugin allows no locale at all.
    editor: [
      ...all
        .filter((p) => p.subject && CONTENT_UIDS.has(p.subject))
        .map((p) => ({ action: p.action, subject: p.subject, conditions: p.conditions ?? [], properties: { ...p.properties, locales: LOCALES.map((l) => l.code) } })),
      ...MEDIA_PERMISSIONS,
      ...MENU_PERMISSIONS,
    ],
    inbox: all.filter((p) => p.subject && PRIVATE_UIDS.has(p.subject) && INBOX_ACTIONS.has(p.action)),
  };
}

export async function ensureEditorRoles(strapi: Core.Strapi): Promise<void> {
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const { editor, inbox } = rolePermissions(contentTypePermissions(strapi));
  for (const [wanted, permissions] of [
    [EDITOR_ROLE, editor],
    [INBOX_ROLE, inbox],
  ] as const) {
    const role = (await roles.findOne({ code: wanted.code })) ?? (await roles.create(wanted));
    await roles.assignPermissions(role.id, [...permissions]);
  }
  await ensureEditorAccount(strapi);
}

async function ensureEditorAccount(strapi: Core.Strapi): Promise<void> {
  const email = process.env.EDITOR_EMAIL?.trim().toLowerCase();
  const password = process.env.EDITOR_PASSWORD;
  if (!email || !password) return;
  const existing = await strapi.db.query('admin::user').findOne({ where: { email }, select: ['id'] });
  if (existing) return;
  const role = await (strapi.service('admin::role') as unknown as RoleService).findOne({ code: EDITOR_ROLE.code });
  const users = strapi.service('admin::user') as unknown as { create(data: Record<string, unknown>): Promise<{ id: number }> };
  await users.create({
    email,
    password,
    firstname: process.env.EDITOR_FIRSTNAME ?? 'Redacteur',
    lastname: process.env.EDITOR_LASTNAME ?? '',
    isActive: true,
    registrationToken: null,
    preferedLanguage: 'nl',
    roles: [role!.id],
  });
  strapi.log.info(`[bootstrap] editor ${email} created (role ${EDITOR_ROLE.name})`);
}
