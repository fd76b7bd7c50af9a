// Donations: the donation form with its facts, and the status page's block. The only door
// other code uses; payments, the webhook and the test checkout are server/features/donations.
export { DonationFacts } from './donation-facts';
export { DonationStatusBlock, donationStatusTitle } from './donation-status-block';
