export type { FormState } from '../../src/forms/form-state';
export { safeReturnPath } from '../../src/forms/return-path';
