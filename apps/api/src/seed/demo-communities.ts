/** The hub's eight communities: slug, lucide icon name, name, description. */
export const DEMO_COMMUNITIES = [
  {
    slug: 'web-development',
    icon: 'code',
    name: 'Web Development',
    description:
      'Front-end and back-end builders sharing code reviews, project ideas and the latest in JavaScript, TypeScript and the web platform.',
  },
  {
    slug: 'ui-ux-design',
    icon: 'palette',
    name: 'UI/UX Design',
    description: 'Designers and researchers trading portfolio feedback, design-system tips and usability findings.',
  },
  {
    slug: 'data-science',
    icon: 'bar-chart-3',
    name: 'Data Science',
    description: 'Analysts and ML engineers discussing datasets, notebooks, statistics and putting models into production.',
  },
  {
    slug: 'cloud-devops',
    icon: 'cloud',
    name: 'Cloud & DevOps',
    description: 'Everything about shipping and running software: CI/CD, containers, infrastructure as code and on-call war stories.',
  },
  {
    slug: 'marketing',
    icon: 'megaphone',
    name: 'Marketing',
    description: 'Growth, content and brand people comparing campaigns, analytics and what actually moves the needle.',
  },
  {
    slug: 'business-communication',
    icon: 'messages-square',
    name: 'Business Communication',
    description: 'Practise presentations, writing and negotiation with peers who give honest, friendly feedback.',
  },
  {
    slug: 'mobile-development',
    icon: 'smartphone',
    name: 'Mobile Development',
    description: 'Android, iOS and cross-platform developers sharing app-store lessons, performance tricks and UI patterns.',
  },
  {
    slug: 'career-growth',
    icon: 'trending-up',
    name: 'Career Growth',
    description: 'Mentoring, interview preparation, salary talks and career moves, with alumni who have been there.',
  },
] as const;
