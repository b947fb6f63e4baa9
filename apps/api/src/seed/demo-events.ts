const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Two upcoming events, dated relative to the moment the demo is seeded, each with a venue, an end
 * and the time zone of its city: the meetup has places left, the workshop is full with a waitlist
 * (see DEMO_EVENT_REGISTRATIONS).
 */
export function demoEvents(now: Date) {
  const inDays = (days: number, hourUtc: number, minutes = 0) => {
    const date = new Date(now.getTime() + days * DAY_MS);
    date.setUTCHours(hourUtc, minutes, 0, 0);
    return date;
  };
  return [
    {
      title: 'Full-Stack Career Meetup',
      // 6:30 PM – 8:30 PM in Bengaluru (UTC+5:30).
      startsAt: inDays(14, 13),
      endsAt: inDays(14, 15),
      timeZone: 'Asia/Kolkata',
      venue: 'Pixel Labs office, 4th floor, 80 Feet Road, Koramangala, Bengaluru',
      host: 'AlumLink Alumni Network',
      category: 'Networking',
      capacity: 40,
      description:
        'Meet alumni working as full-stack developers, hear how they landed their first roles and bring your questions about portfolios and interviews.',
    },
    {
      title: 'Cloud Fundamentals Workshop',
      startsAt: inDays(28, 9),
      endsAt: inDays(28, 12, 30),
      timeZone: 'Asia/Kolkata',
      venue: 'SkyOps training room, Hinjewadi Phase 1, Pune',
      host: 'Cloud & DevOps Community',
      category: 'Workshop',
      capacity: 10,
      description:
        'A hands-on afternoon deploying a small web app with containers and a CI pipeline. Bring a laptop; no cloud account needed.',
    },
  ];
}

/**
 * Who is on each demo event's list, by the index of the event in demoEvents and the index of the
 * person in DEMO_PEOPLE, in arrival order: the meetup has 9 of 40 places taken; the workshop's 10
 * places are taken (two people bring a guest) and three people wait.
 */
export const DEMO_EVENT_REGISTRATIONS: { event: number; person: number; guests: number; status: 'registered' | 'waitlisted' }[] = [
  ...[0, 1, 2, 3, 4, 5, 6].map((person) => ({ event: 0, person, guests: person === 2 ? 2 : 0, status: 'registered' as const })),
  ...[7, 8, 9, 10, 11, 12, 13, 14].map((person) => ({
    event: 1,
    person,
    guests: person === 8 || person === 11 ? 1 : 0,
    status: 'registered' as const,
  })),
  ...[15, 16, 17].map((person) => ({ event: 1, person, guests: 0, status: 'waitlisted' as const })),
];
