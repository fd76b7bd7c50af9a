// Accounts: registering, logging in (with a password or a provider), the signed-in pages and
// the password forms. The only door other code uses; the server side is server/features/accounts.
export { accountRoute, changePasswordRoute } from './account-page';
export { forgotPasswordRoute, loginRoute, registerRoute, resendConfirmationRoute, resetPasswordRoute } from './account-forms';
export { DashboardLink } from './dashboard-link';
