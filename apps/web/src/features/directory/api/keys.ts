import type { DirectoryFilters } from '@alumlink/contract';

/** Query keys of the directory. */
export const directoryKeys = {
  all: ['directory'] as const,
  people: (filters: DirectoryFilters) => [...directoryKeys.all, 'people', filters] as const,
  facets: (filters: DirectoryFilters) => [...directoryKeys.all, 'facets', filters] as const,
};
