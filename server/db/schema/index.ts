// The Drizzle schema, one file per area; drizzle-kit and the services read it through this file.
export * from './account';
export * from './access-log';
export * from './achievements';
export * from './attendance';
export * from './auth';
export * from './dashboard';
export * from './events';
export * from './highlights';
export * from './lessons';
export * from './master';
export * from './notes';
export * from './passkeys';
export * from './people';
export * from './requests';
export * from './security';
export * from './subjects';
export * from './sync';
