export * from './files';
export * from './foundation';
export * from './groups';
export * from './individual';
export * from './openings';
export * from './phone-verification';
export * from './portfolio';
export * from './verification';
