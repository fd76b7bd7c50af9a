export * from './bands';
export * from './items';
export * from './score';
