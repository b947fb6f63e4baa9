/** What a bench scenario is and what it is given: shared by the scenario lists (endpoints*.ts) and the runners. */
import type { Scale } from './options';
import type { RequestSpec } from './sender';

export type BenchContext = {
  scale: Scale;
  /** Ordinary people acting in turn (not the administrator). */
  viewerIds: number[];
  /** Access token per person id (viewers, chatters and the administrator). */
  tokens: Map<number, string>;
  /** Unused refresh tokens, one per refresh request. */
  refreshPool: string[];
  /** The cursor that opens page 50 of the feed. */
  feedPage50Cursor: string;
};

export type Scenario = {
  /** Short name for --only and the table. */
  key: string;
  label: string;
  /** A new request per call: rotates people, posts, conversations and search terms. */
  next(): RequestSpec;
};
