export * from './contact';
export * from './course-information';
export * from './start-location';
export * from './vacancy-application';
export { ALLOWED_UPLOAD_TYPES, UPLOAD_ACCEPT, isAllowedUpload, type FileMeta } from './files';
export { blankToUndefined, toBoolean, toNumberInput } from './fields';
