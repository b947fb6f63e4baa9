import { describe, expect, it } from 'vitest';
import { buildScenarios, SCENARIO_KEYS } from './endpoints';
import { isSpacePost } from './load-data-community';
import { SCALES } from './options';

const scenarios = () =>
  buildScenarios({
    scale: SCALES.small,
    viewerIds: [2, 3],
    tokens: new Map([
      [2, 'token-2'],
      [3, 'token-3'],
    ]),
    refreshPool: [],
    feedPage50Cursor: '',
  });

describe('buildScenarios', () => {
  it('builds exactly the scenarios SCENARIO_KEYS names (what --only accepts), in that order', () => {
    expect(scenarios().map((scenario) => scenario.key)).toEqual([...SCENARIO_KEYS]);
  });

  it('asks for the floors with nothing but the path: no credentials, no body', () => {
    const byKey = new Map(scenarios().map((scenario) => [scenario.key, scenario]));
    expect(byKey.get('floor-http')?.next()).toEqual({ method: 'GET', path: '/healthz' });
    expect(byKey.get('floor-db')?.next()).toEqual({ method: 'GET', path: '/readyz' });
  });

  it('likes and comments on posts outside the spaces only (a members-only space answers 404 to others)', () => {
    const byKey = new Map(scenarios().map((scenario) => [scenario.key, scenario]));
    for (const key of ['like', 'comment']) {
      const ids = Array.from({ length: 500 }, () => Number(/\/social\/posts\/(\d+)\//.exec(byKey.get(key)?.next().path ?? '')?.[1]));
      expect(
        ids.every((id) => id >= 1 && id <= SCALES.small.posts && !isSpacePost(id)),
        key,
      ).toBe(true);
    }
  });
});
