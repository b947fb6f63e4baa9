// The server configuration, parsed once at start (loadConfig); nothing else reads process.env.
export { loadConfig, REQUEST_TIMEOUT_MS, type AppConfig } from './app-config';
export { ConfigError } from './config-error';
export { decideSeedDemo } from './database';
export { DEFAULT_DATABASE_PIPELINE_SIZE, DEFAULT_DATABASE_POOL_SIZE, LOG_LEVELS, type LogLevel } from './env-schema';
export { readOrCreateJwtSecret } from './jwt-secret';
export { devMailboxEnabled } from './mail';
export { REPO_ROOT } from './paths';
export type { TrustProxy } from './trust-proxy';
export { MAX_DEFAULT_WORKERS } from './workers';
export type { S3StorageConfig, StorageConfig } from './storage';
export { DEFAULT_OIDC_LABEL, type OidcConfig } from './oidc';
