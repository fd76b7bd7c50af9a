export type { FormState } from '../../src/routing/request-state';
export { safeReturnPath } from '../../src/forms/return-path';
