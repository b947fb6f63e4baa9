/**
 * Whether to seed the demo content (admin@example.com with the published password among it) into
 * an empty database: SEED_DEMO when given; otherwise only on the embedded default, never in production.
 */
export function decideSeedDemo(options: {
  /** NODE_ENV: only 'production' matters here. */
  nodeEnv: string;
  databaseUrl: string | null;
  seedDemo: boolean | undefined;
}): boolean {
  return options.seedDemo ?? (options.databaseUrl === null && options.nodeEnv !== 'production');
}
