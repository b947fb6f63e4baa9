/**
 * Career profile samples (DESIGN 8.1) shared by the demo seed, the large-table test data
 * (test/bulk-data.ts) and the bench loader, so that the directory's filters and facets meet
 * realistic repetition: a few large employers and a long tail, a few big cities, skill sets
 * that overlap. The companies include those of the demo job board and referrals.
 */
export const SAMPLE_COMPANIES = [
  'Pixel Labs',
  'Numbers Inc',
  'Google',
  'Microsoft',
  'Studio North',
  'Insight Analytics',
  'SkyOps',
  'AppForge',
  'GrowthWorks',
  'Infosys',
  'Thoughtworks',
  'Razorpay',
  'Zoho',
  'Freshworks',
  'Swiggy',
  'Atlassian',
  'Amazon',
  'Accenture',
  'Canva',
  'Shopify',
  'Flipkart',
  'Postman',
  'BrowserStack',
  'Chargebee',
  'Hasura',
  'Sarvam Labs',
  'Juspay',
  'CRED',
  'Meesho',
  'Ola',
  'PhonePe',
  'Zerodha',
  'Dunzo',
  'Gojek',
  'Grab',
  'Stripe',
  'Wise',
  'Revolut',
  'Figma',
  'Notion',
] as const;

export const SAMPLE_LOCATIONS = [
  'Bengaluru',
  'Pune',
  'Hyderabad',
  'Mumbai',
  'Chennai',
  'Remote',
  'Delhi',
  'Kolkata',
  'Nairobi',
  'Lagos',
  'Berlin',
  'London',
  'Singapore',
  'Dubai',
  'Toronto',
  'Amsterdam',
  'Lisbon',
  'Jaipur',
  'Kochi',
  'Ahmedabad',
  'Accra',
  'Kigali',
  'Sydney',
  'Austin',
] as const;

/** A job title and the skills that go with it (stored as normalizeSkills writes them). */
export const SAMPLE_CAREERS = [
  { jobTitle: 'Frontend Engineer', skills: 'React, TypeScript, CSS' },
  { jobTitle: 'Backend Engineer', skills: 'Node.js, PostgreSQL, Docker' },
  { jobTitle: 'Full-Stack Developer', skills: 'React, Node.js, PostgreSQL' },
  { jobTitle: 'Data Analyst', skills: 'SQL, Python, Tableau' },
  { jobTitle: 'Data Scientist', skills: 'Python, Pandas, Machine Learning' },
  { jobTitle: 'Product Designer', skills: 'Figma, User Research, Prototyping' },
  { jobTitle: 'DevOps Engineer', skills: 'AWS, Docker, Terraform, Kubernetes' },
  { jobTitle: 'Mobile Developer', skills: 'Kotlin, Swift, Flutter' },
  { jobTitle: 'Java Developer', skills: 'Java, Spring Boot, Microservices' },
  { jobTitle: 'Product Manager', skills: 'Roadmapping, Analytics, Public Speaking' },
  { jobTitle: 'QA Engineer', skills: 'Playwright, Python, SQL' },
  { jobTitle: 'Content Strategist', skills: 'SEO, Content Strategy, Writing' },
  { jobTitle: 'Machine Learning Engineer', skills: 'Python, PyTorch, AWS' },
  { jobTitle: 'Site Reliability Engineer', skills: 'Go, Kubernetes, PostgreSQL' },
] as const;

/** Cohorts of the training programme in the samples. */
export const SAMPLE_FIRST_COHORT = 2015;
export const SAMPLE_COHORTS = 12;

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`;

/**
 * The career columns of person number `g` as SQL expressions (for set-based loaders: the bench and
 * test/bulk-data.ts): a few employers hold many people and a long tail few (a squared spread),
 * one person in seven has no company, cohorts spread over SAMPLE_COHORTS years, one in four
 * employed people is open to referrals.
 */
export function sampleCareerSql(g: string) {
  const spread = (modulus: number, size: number) => `1 + (((${g}::bigint * 7919) % ${modulus}) ^ 2 * ${size} / ${modulus * modulus})::int`;
  const companyIndex = `least(${spread(1000, SAMPLE_COMPANIES.length)}, ${SAMPLE_COMPANIES.length})`;
  const locationIndex = `least(1 + (((${g}::bigint * 31) % 100) ^ 2 * ${SAMPLE_LOCATIONS.length} / 10000)::int, ${SAMPLE_LOCATIONS.length})`;
  const careerIndex = `1 + ${g} % ${SAMPLE_CAREERS.length}`;
  const company = `CASE WHEN ${g} % 7 = 0 THEN '' ELSE (${sqlArray(SAMPLE_COMPANIES)})[${companyIndex}] END`;
  const jobTitle = `(${sqlArray(SAMPLE_CAREERS.map((career) => career.jobTitle))})[${careerIndex}]`;
  return {
    company,
    jobTitle,
    headline: `CASE WHEN ${g} % 7 = 0 THEN ${jobTitle} ELSE ${jobTitle} || ' at ' || ${company} END`,
    location: `(${sqlArray(SAMPLE_LOCATIONS)})[${locationIndex}]`,
    cohortYear: `${SAMPLE_FIRST_COHORT} + ${g} % ${SAMPLE_COHORTS}`,
    skills: `(${sqlArray(SAMPLE_CAREERS.map((career) => career.skills))})[${careerIndex}]`,
    openToReferrals: `(${g} % 4 = 0 AND ${g} % 7 <> 0)`,
  };
}
