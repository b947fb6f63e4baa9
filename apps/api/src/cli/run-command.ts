import { ConfigError } from '../config';
import { DataDirLockedError } from '../db/lock';

/**
 * Runs a command's `main` and exits with the code it answers. A configuration error or a data
 * directory another process holds prints its message alone; anything else prints whole (exit 1).
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
      console.error(expected ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
