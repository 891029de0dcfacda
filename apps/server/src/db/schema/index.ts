export * from './files';
export * from './foundation';
export * from './phone-verification';
