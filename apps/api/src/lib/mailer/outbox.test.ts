import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/index';
import { CLAIM_BATCH_SIZE, enqueueEmails, prepareOutboxDelivery } from './outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the outbox claim', () => {
  it('claims one batch at a time, each message once', async () => {
    const messages = Array.from({ length: 2 * CLAIM_BATCH_SIZE + 5 }, (_, index) => ({
      to: `batch-${index}@example.com`,
      subject: 'Batch',
      text: 'Hi.',
      html: null,
    }));
    await enqueueEmails(t.db, messages);
    // Later than the leases of the first claims: only the lease, not the clock, keeps a claimed message from being claimed again.
    const later = new Date(Date.now() + 60_000);
    const { claimDue } = prepareOutboxDelivery(t.db, { redactBody: true });
    const batches = [await claimDue(later), await claimDue(later), await claimDue(later)];
    expect(batches.map((batch) => batch.length)).toEqual([CLAIM_BATCH_SIZE, CLAIM_BATCH_SIZE, 5]);
    expect(new Set(batches.flat().map((row) => row.id)).size).toBe(messages.length);
  });
});
