// Accounts, server side: the account forms' hooks (users-permissions calls, the session cookie,
// the per-address limits), the signed-in pages' guard, log-out and provider log-in. The only
// door other server code uses.
export { accountHooks, type AccountDeps } from './account-hooks';
export { accountLimits, type AccountLimitSettings } from './account-limits';
export { ACCOUNT_BODY_PATHS, accountRoutes, type AccountRouteDeps } from './account-routes';
export { createAuthClient, siteKeyOf } from './users-permissions';
export { sessionRevocations, type SessionRevocations } from './session-revocations';
