// The Drizzle schema, one file per area; drizzle-kit and the services read it through this file.
export * from './auth';
export * from './master';
export * from './people';
export * from './sync';
export * from './sync-log';
