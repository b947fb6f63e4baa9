/** A configuration problem; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment as given (process.env, or a test's object). */
export type Env = Readonly<Record<string, string | undefined>>;
