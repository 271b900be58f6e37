export * from './users';
export * from './workspaces';
export * from './projects';
export * from './auth';
export * from './outbox';
export * from './api-keys';
export * from './support';
