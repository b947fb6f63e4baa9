import { describe, expect, it } from 'vitest';
import { buildScenarios, SCENARIO_KEYS } from './endpoints';
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
});
