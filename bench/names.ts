/**
 * Small name lists the loader combines into people, so that search sees realistic repetition:
 * 50 first names × 47 last names (coprime lengths, so combinations spread out).
 */
export const FIRST_NAMES = [
  'Amina',
  'Brian',
  'Chloe',
  'Daniel',
  'Esther',
  'Fatima',
  'George',
  'Hannah',
  'Ibrahim',
  'Joyce',
  'Kevin',
  'Lina',
  'Moses',
  'Nadia',
  'Oscar',
  'Priya',
  'Quentin',
  'Rachel',
  'Samuel',
  'Tanya',
  'Umar',
  'Valerie',
  'William',
  'Ximena',
  'Yusuf',
  'Zainab',
  'Aaron',
  'Beatrice',
  'Carlos',
  'Diana',
  'Elijah',
  'Faith',
  'Gabriel',
  'Helena',
  'Isaac',
  'Jasmine',
  'Kofi',
  'Leila',
  'Martin',
  'Naomi',
  'Olivia',
  'Peter',
  'Ruth',
  'Sofia',
  'Thomas',
  'Ursula',
  'Victor',
  'Wanjiru',
  'Xavier',
  'Yara',
] as const;

export const LAST_NAMES = [
  'Achieng',
  'Baker',
  'Chen',
  'Dubois',
  'Eze',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ivanova',
  'Johnson',
  'Kamau',
  'Larsen',
  'Mensah',
  'Nakamura',
  'Okafor',
  'Patel',
  'Quispe',
  'Rossi',
  'Silva',
  'Tanaka',
  'Usman',
  'Vargas',
  'Wambui',
  'Xu',
  'Yilmaz',
  'Zulu',
  'Abebe',
  'Bianchi',
  'Costa',
  'Diallo',
  'Engel',
  'Ferreira',
  'Gomez',
  'Hoffmann',
  'Ito',
  'Jensen',
  'Kariuki',
  'Lopez',
  'Moreau',
  'Novak',
  'Otieno',
  'Petrov',
  'Ramos',
  'Schmidt',
  'Torres',
  'Odhiambo',
  'Walker',
] as const;

/** Caption endings, so captions are not all the same text. */
export const POST_TOPICS = [
  'Just finished the data engineering module, happy to share my notes.',
  'We are hiring two interns for the summer, referrals welcome.',
  'Great meetup yesterday, thanks to everyone who came.',
  'Looking for a mentor in product management.',
  'Our team shipped the new mobile app today!',
  'Sharing the slides from my talk on cloud costs.',
  'Anyone going to the alumni networking night?',
  'Three lessons from my first year as a developer.',
] as const;

export const COMMENT_TEXTS = ['Congratulations!', 'Thanks for sharing.', 'Great point.', 'Count me in.', 'Well done!'] as const;

/**
 * What people type in the search box: full first and last names, three-letter prefixes and a
 * fragment of the e-mail domain-less part. Built from the lists above so every query matches.
 */
export function searchTerms(): string[] {
  const terms: string[] = [];
  FIRST_NAMES.forEach((name, index) => {
    terms.push(name.toLowerCase());
    if (index % 3 === 0) terms.push(name.slice(0, 3).toLowerCase());
  });
  LAST_NAMES.forEach((name, index) => {
    terms.push(name);
    if (index % 4 === 0) terms.push(name.slice(0, 4));
  });
  return terms;
}

/**
 * What a type-ahead box sends as a person types, and what any API client may send (issue #42
 * widened the mix): one to five characters of names as typed (any case), digits (ids, years,
 * phone-like), fragments of e-mail addresses (`first.last.N@bench.test`: dots, numbers, the
 * domain), non-ASCII names (none of the bench's people has one, so they also match nobody),
 * punctuation and LIKE wildcards, and texts that match nobody. The bench rotates through them.
 */
export const TYPEAHEAD_TERMS = [
  // one to five characters of names
  'a',
  'M',
  'an',
  'ka',
  'ann',
  'Pri',
  'oka',
  'chen',
  'Wamb',
  'nadia',
  'sharm',
  // digits
  '7',
  '42',
  '2019',
  '987',
  '12345',
  // e-mail fragments
  'gmail',
  'example.com',
  'amina.',
  '.okafor',
  'chen.12',
  '@bench',
  'h.test',
  'ina.ok',
  // non-ASCII names
  'é',
  'Zoë',
  'José',
  'Müller',
  'Łukasz',
  'Ærø',
  'Çağ',
  'Ωμέγα',
  // punctuation, wildcards
  "o'br",
  '%',
  '_',
  '.',
  // nobody
  'zz',
  'zzzq',
  'qxv',
  'xq9k',
  'vvvvv',
  'amina',
] as const;

/** `ARRAY['a','b',...]` as SQL text (the lists are constants with no quotes). */
export function sqlTextArray(values: readonly string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`;
}

/**
 * Two-filter directory queries (issue #16's "a directory page with two filters"): a big and a
 * small company, cohorts, whole skills, cities, roles, open to referrals; each pair once.
 */
export const DIRECTORY_FILTER_PAIRS = [
  'company=Pixel%20Labs&cohort_year=2022',
  'company=notion&skill=python',
  'skill=React&location=Bengaluru',
  'role=AL&open_to_referrals=true',
  'cohort_year=2019&location=pune',
  'company=Google&open_to_referrals=true',
  'skill=SQL&role=IN',
  'location=Remote&cohort_year=2024',
  'company=Zerodha&location=Berlin',
  'skill=kubernetes&cohort_year=2016',
];

/** Mentoring topics of the bench's mentors (each mentor has three). */
export const MENTOR_TOPICS = [
  'React',
  'TypeScript',
  'Node.js',
  'PostgreSQL',
  'System design',
  'Career growth',
  'Interviewing',
  'Python',
  'Machine learning',
  'Data science',
  'DevOps',
  'AWS',
  'Kubernetes',
  'Security',
  'Accessibility',
  'UX design',
  'Figma',
  'Product management',
  'Leadership',
  'Public speaking',
  'Java',
  'Spring',
  'Kotlin',
  'Swift',
  'Flutter',
  'Go',
  'Rust',
  'Testing',
  'SQL',
  'Writing',
] as const;
