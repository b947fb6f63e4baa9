import { z } from 'zod';

/** One message of the dev mailbox (embedded default without SMTP, outside production, this machine only). */
export const devMailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** queued, sent or failed. */
  status: z.enum(['queued', 'sent', 'failed']),
  created_at: z.string(),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;

export const devMailboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });

export const devMailboxMessagesSchema = z.object({ results: z.array(devMailboxMessageSchema) });
