// The forms layer: pure, framework-free, safe to import in the browser and on the server.
export * from './constants';
export * from './dates';
export * from './field-state';
export * from './format';
export * from './messages/index';
export * from './postcode';
export * from './rule-messages';
export * from './rule-schema';
export * from './rules';
export * from './schemas/index';
export * from './submit-flow';
export * from './validate';
