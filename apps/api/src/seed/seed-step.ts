import type { Executor } from '../db/client';
import type { MediaStorage } from '../lib/storage/index';

export type SeedContext = {
  now: Date;
  /** argon2id hash of DEMO_PASSWORD, computed once and shared by every demo account. */
  passwordHash: string;
  /** Ids of the seeded people by e-mail, filled by the people step (authors for later steps). */
  userIds: Map<string, number>;
  /** Where seeded pictures go; without it, steps seed no images. */
  media?: MediaStorage;
};

/** One step of the demo seed; steps run in order inside one transaction. */
export type SeedStep = { name: string; run(tx: Executor, context: SeedContext): Promise<void> };
