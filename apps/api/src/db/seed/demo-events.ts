const DAY_MS = 24 * 60 * 60 * 1000;

/** Two upcoming events, dated relative to the moment the demo is seeded. */
export function demoEvents(now: Date) {
  const inDays = (days: number, hourUtc: number) => {
    const date = new Date(now.getTime() + days * DAY_MS);
    date.setUTCHours(hourUtc, 0, 0, 0);
    return date;
  };
  return [
    {
      title: 'Full-Stack Career Meetup',
      startsAt: inDays(14, 16),
      host: 'AlumLink Alumni Network',
      category: 'Networking',
      description:
        'Meet alumni working as full-stack developers, hear how they landed their first roles and bring your questions about portfolios and interviews.',
    },
    {
      title: 'Cloud Fundamentals Workshop',
      startsAt: inDays(28, 14),
      host: 'Cloud & DevOps Community',
      category: 'Workshop',
      description:
        'A hands-on afternoon deploying a small web app with containers and a CI pipeline. Bring a laptop; no cloud account needed.',
    },
  ];
}
