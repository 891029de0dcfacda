export * from './foundation';
export * from './phone-verification';
