import { z } from 'zod';
import { LIMITS, pageQuerySchema, paginated, roleSchema } from './common';
import { CAREER_LIMITS } from './profiles';

/** How many values each directory facet lists, most common first. */
export const DIRECTORY_FACET_SIZE = 20;

/** A whole-value filter text: trimmed, case-insensitive on the server; blank means no filter. */
const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Filters of GET /api/directory/ and /api/directory/facets/ (DESIGN 8.1); they AND together. */
export const directoryFiltersSchema = z.object({
  /** A substring of the name (each word in the first or last name), case-insensitive. */
  q: filterText(200),
  role: z
    .union([roleSchema, z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  cohort_year: z
    .union([z.coerce.number().int().min(CAREER_LIMITS.cohortYearMin).max(9999), z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  company: filterText(CAREER_LIMITS.companyMax),
  /** One skill, matched whole against the person's comma-separated skills. */
  skill: filterText(100),
  location: filterText(CAREER_LIMITS.locationMax),
  /** 'true': only people open to referrals; 'false': only those who are not. */
  open_to_referrals: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined)),
});
/** Every filter is optional: undefined means not filtered. */
export type DirectoryFilters = Partial<z.output<typeof directoryFiltersSchema>>;
export type DirectoryFiltersInput = z.input<typeof directoryFiltersSchema>;

/** GET /api/directory/?<filters>&cursor=&limit= */
export const directoryQuerySchema = pageQuerySchema.extend(directoryFiltersSchema.shape);
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

/** One person of the directory (DESIGN 8.1). */
export const directoryPersonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  image: z.string().nullable(),
  headline: z.string(),
  company: z.string(),
  job_title: z.string(),
  location: z.string(),
  cohort_year: z.number().int().nullable(),
  /** The person's skills, in their order. */
  skills: z.array(z.string()),
  open_to_referrals: z.boolean(),
});
export type DirectoryPerson = z.infer<typeof directoryPersonSchema>;

/** Listed people, newest members first, cursor-paginated. */
export const directoryPageSchema = paginated(directoryPersonSchema);
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

const facetOf = <T extends z.ZodType>(value: T) => z.array(z.object({ value, count: z.number().int() }));

/**
 * GET /api/directory/facets/?<filters>: per facet, the top DIRECTORY_FACET_SIZE values with how
 * many listed people have them; each facet applies every filter but its own.
 */
export const directoryFacetsSchema = z.object({
  role: facetOf(roleSchema),
  cohort_year: facetOf(z.number().int()),
  company: facetOf(z.string()),
  skill: facetOf(z.string()),
  location: facetOf(z.string()),
});
export type DirectoryFacets = z.infer<typeof directoryFacetsSchema>;
export type DirectoryFacetName = keyof DirectoryFacets;

/** Words of the directory page. */
export const DIRECTORY_MESSAGES = {
  empty: 'No people match these filters.',
  loadFailed: 'Failed to load the directory.',
} as const;

// Kept next to the filters so a client can bound what it sends.
export const DIRECTORY_LIMITS = { nameQueryMax: 200, skillMax: 100, pageDefault: LIMITS.pageDefault } as const;
