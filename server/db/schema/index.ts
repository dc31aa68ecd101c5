// The Drizzle schema, one file per area; drizzle-kit and the services read it through this file.
export * from './account';
export * from './auth';
export * from './master';
export * from './people';
export * from './sync';
