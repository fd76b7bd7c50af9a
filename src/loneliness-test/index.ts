export * from './bands';
export * from './items';
export * from './score';
export * from './stored-record';
