import { extractHashtags } from '@alumlink/contract';
import { inArray } from 'drizzle-orm';
import { communities, communityModerators, postMentions, posts, postTags, users } from '../db/schema/index';
import type { SeedStep } from './seed-step';

const HOUR = 3_600_000;
const SPACE_POSTS_FROM_HOURS = 330;

/** Spaces whose posts their members alone read in the demo (decision 034). */
const MEMBERS_ONLY = ['career-growth'];

/** Who moderates which space in the demo. */
const DEMO_MODERATORS: Record<string, string[]> = { 'web-development': ['alumni@example.com'], 'career-growth': ['alumni@example.com'] };

/**
 * Posts made in spaces, by members of them (DEMO_MEMBERSHIPS in demo-careers.ts), at least one in
 * every community; `{email}` in a caption becomes that person's @username (and a mention).
 */
const DEMO_SPACE_POSTS: { space: string; by: string; caption: string }[] = [
  {
    space: 'web-development',
    by: 'priya.sharma@example.com',
    caption:
      'Code review swap this Friday? {noah.nguyen@example.com} and {alumni@example.com}, bring one pull request you are proud of. #codereview',
  },
  {
    space: 'web-development',
    by: 'noah.nguyen@example.com',
    caption: 'Finally moved our app to TypeScript strict mode. Ask me anything. #typescript',
  },
  { space: 'web-development', by: 'trainee@example.com', caption: 'What is the one accessibility check you never skip? #a11y' },
  {
    space: 'data-science',
    by: 'intern@example.com',
    caption: 'Sharing my notebook on cleaning messy survey data. Feedback welcome! #python',
  },
  { space: 'data-science', by: 'priya.sharma@example.com', caption: 'Window functions changed how I write SQL reports. #sql' },
  {
    space: 'career-growth',
    by: 'alumni@example.com',
    caption: 'Members only: salary bands I have seen this year, for negotiating offers. #careers',
  },
  {
    space: 'career-growth',
    by: 'trainee@example.com',
    caption: 'Practising interviews on Thursday evening, who wants to pair up? {intern@example.com} you said yes last time! #interviews',
  },
  {
    space: 'ui-ux-design',
    by: 'priya.sharma@example.com',
    caption: 'Portfolio critique thread: post a link and get two honest notes. #design',
  },
  {
    space: 'cloud-devops',
    by: 'kwame.mensah@example.com',
    caption: 'Our team moved model training to spot instances and cut the bill by half. Notes inside. #aws #mlops',
  },
  {
    space: 'cloud-devops',
    by: 'noah.nguyen@example.com',
    caption: 'Docker layer caching in CI: {kwame.mensah@example.com} showed me the trick, sharing it here. #docker',
  },
  {
    space: 'marketing',
    by: 'mateo.garcia@example.com',
    caption: 'Three SEO checks for every blog post, with examples from GrowthWorks. #seo #contentstrategy',
  },
  {
    space: 'business-communication',
    by: 'fatima.haddad@example.com',
    caption:
      'Writing a one-page product brief that people actually read. {trainee@example.com}, this is the template I mentioned. #writing',
  },
  {
    space: 'mobile-development',
    by: 'trainee@example.com',
    caption: 'Built my first Flutter screen today. Any advice on state management? #flutter',
  },
];

/** "{email}" → "@username" of that person; the people so named. */
function withMentions(caption: string, usernameOf: Map<string, string>): { caption: string; mentioned: string[] } {
  const mentioned: string[] = [];
  const text = caption.replace(/\{([^}]+)\}/g, (_, email: string) => {
    const username = usernameOf.get(email);
    if (!username) return '';
    mentioned.push(email);
    return `@${username}`;
  });
  return { caption: text, mentioned };
}

/** Spaces come alive: some members-only, moderators named, posts by members (after memberships). */
export const seedSpaces: SeedStep = {
  name: 'spaces',
  async run(tx, context) {
    const hubs = await tx.select({ id: communities.id, slug: communities.slug }).from(communities);
    const idOf = new Map(hubs.map((hub) => [hub.slug, hub.id]));
    await tx.update(communities).set({ visibility: 'members' }).where(inArray(communities.slug, MEMBERS_ONLY));
    const moderators = Object.entries(DEMO_MODERATORS).flatMap(([slug, emails]) =>
      emails.flatMap((email) => {
        const communityId = idOf.get(slug);
        const userId = context.userIds.get(email);
        return communityId === undefined || userId === undefined ? [] : [{ communityId, userId }];
      }),
    );
    if (moderators.length > 0) await tx.insert(communityModerators).values(moderators).onConflictDoNothing();
    const people = await tx.select({ email: users.email, username: users.username }).from(users);
    const usernameOf = new Map(people.map((person) => [person.email, person.username]));
    const written = DEMO_SPACE_POSTS.flatMap(({ space, by, caption }, index) => {
      const communityId = idOf.get(space);
      const userId = context.userIds.get(by);
      // Older than the main demo posts (demo-posts.ts, about two weeks), which their tests read in order.
      const createdAt = new Date(context.now.getTime() - (SPACE_POSTS_FROM_HOURS + index * 5) * HOUR);
      const text = withMentions(caption, usernameOf);
      return communityId === undefined || userId === undefined
        ? []
        : [{ row: { communityId, userId, caption: text.caption, image: null, createdAt }, mentioned: text.mentioned }];
    });
    if (written.length === 0) return;
    const made = await tx
      .insert(posts)
      .values(written.map(({ row }) => row))
      .returning({ id: posts.id, caption: posts.caption, createdAt: posts.createdAt });
    const tags = made.flatMap((post) => extractHashtags(post.caption).map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })));
    if (tags.length > 0) await tx.insert(postTags).values(tags);
    const mentions = made.flatMap((post, index) =>
      (written[index]?.mentioned ?? []).flatMap((email) => {
        const userId = context.userIds.get(email);
        return userId === undefined ? [] : [{ postId: post.id, userId, createdAt: post.createdAt }];
      }),
    );
    if (mentions.length > 0) await tx.insert(postMentions).values(mentions).onConflictDoNothing();
  },
};
