// Donations, server side: the form's hooks (start a payment), Mollie or the test checkout, the
// provider's webhook and the status page with the real status. The only door other server code uses.
export { donationHooks } from './donation-hooks';
export { DONATION_BODY_PATHS, donationRoutes } from './donation-routes';
export { setupDonations, type Donations } from './donation-setup';
export { donationOwners } from './donation-owners';
