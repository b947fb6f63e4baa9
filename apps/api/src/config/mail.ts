import type { AppConfig } from './app-config';

/**
 * The dev mailbox (every e-mail the server wrote, codes included) exists only on the embedded
 * default without SMTP, outside production, unless DEV_MAILBOX=off. There it is the delivery;
 * modules/mailbox also answers only requests from this machine.
 */
export function devMailboxEnabled(config: Pick<AppConfig, 'devMailbox' | 'isProduction' | 'nodeEnv' | 'databaseUrl' | 'smtpUrl'>): boolean {
  return (
    config.devMailbox && !config.isProduction && config.nodeEnv !== 'production' && config.databaseUrl === null && config.smtpUrl === null
  );
}
