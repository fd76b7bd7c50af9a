import type { Core } from '@strapi/strapi';

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set and no admin yet, a super admin. Without them the
 * first visitor of /admin registers the first admin, as on any new Strapi.
 */
export async function ensureAdminUser(strapi: Core.Strapi): Promise<void> {
  const email = process.env.ADMIN_EMAIL?.trim().toLowerCase();
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) return;
  const users = strapi.service('admin::user') as unknown as {
    exists(): Promise<boolean>;
    create(data: Record<string, unknown>): Promise<{ id: number }>;
  };
  if (await users.exists()) return;
  const roles = strapi.service('admin::role') as unknown as { getSuperAdmin(): Promise<{ id: number } | null> };
  const superAdmin = await roles.getSuperAdmin();
  if (!superAdmin) throw new Error('super admin role missing');
  await users.create({
    email,
    password,
    firstname: process.env.ADMIN_FIRSTNAME ?? 'Admin',
    lastname: process.env.ADMIN_LASTNAME ?? '',
    isActive: true,
    registrationToken: null,
    roles: [superAdmin.id],
  });
  strapi.log.info(`[bootstrap] admin ${email} created`);
}
