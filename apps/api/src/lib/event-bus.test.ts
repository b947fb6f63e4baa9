import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './event-bus';

type TestEvents = { 'thing.happened': { id: number }; 'other.happened': { name: string } };

describe('createEventBus', () => {
  it('tells the listeners of an event, in order, and only them', () => {
    const bus = createEventBus<TestEvents>(() => undefined);
    const heard: string[] = [];
    bus.on('thing.happened', ({ id }) => void heard.push(`first ${id}`));
    bus.on('thing.happened', ({ id }) => void heard.push(`second ${id}`));
    bus.on('other.happened', ({ name }) => void heard.push(name));
    bus.emit('thing.happened', { id: 7 });
    expect(heard).toEqual(['first 7', 'second 7']);
  });

  it('reports a throwing or rejecting listener and still runs the others', async () => {
    const reportError = vi.fn();
    const bus = createEventBus<TestEvents>(reportError);
    const heard: number[] = [];
    bus.on('thing.happened', () => {
      throw new Error('sync failure');
    });
    bus.on('thing.happened', () => Promise.reject(new Error('async failure')));
    bus.on('thing.happened', ({ id }) => void heard.push(id));
    expect(() => bus.emit('thing.happened', { id: 1 })).not.toThrow();
    expect(heard).toEqual([1]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reportError.mock.calls.map(([error, event]) => [(error as Error).message, event])).toEqual([
      ['sync failure', 'thing.happened'],
      ['async failure', 'thing.happened'],
    ]);
  });

  it('stops telling a listener once it unsubscribed, and keeps two buses apart', () => {
    const first = createEventBus<TestEvents>(() => undefined);
    const second = createEventBus<TestEvents>(() => undefined);
    const heard: number[] = [];
    const unsubscribe = first.on('thing.happened', ({ id }) => void heard.push(id));
    second.emit('thing.happened', { id: 1 });
    first.emit('thing.happened', { id: 2 });
    unsubscribe();
    first.emit('thing.happened', { id: 3 });
    expect(heard).toEqual([2]);
  });
});
