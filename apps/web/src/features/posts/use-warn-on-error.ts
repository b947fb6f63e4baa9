import { useEffect } from 'react';

/** Logs a failed load once per error, as a warning: these failures are silent for the person. */
export function useWarnOnError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.warn(message, error);
  }, [error, message]);
}
