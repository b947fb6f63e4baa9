import { LIMITS } from '@alumlink/contract';

/**
 * How far apart two clocks may be: the one of the instance that issued a token (its iat) and the
 * one of the instance that checks it (when it began listening, when news arrived). Instances
 * must keep their clocks within this of each other (NTP); a token issued less than this after a
 * change of its person, or after the listening began, is checked against the database instead.
 */
export const SIGN_IN_NEWS_CLOCK_MARGIN_MS = 10_000;

/** Tokens live this long at most: older news can no longer concern a token still valid. */
const NEWS_KEPT_MS = LIMITS.accessTokenMinutes * 60_000 + SIGN_IN_NEWS_CLOCK_MARGIN_MS;

/** A verified token as the news judges it: whose, and when issued. */
export type IssuedToken = { id: number; issuedAt: Date };

/**
 * What this instance has heard of changes to sign-ins (decision record 028). An access token's
 * claims are what the database held for its person and session when it was issued; the database
 * announces every change that could make them untrue (a session ending, a person deactivated,
 * deleted, or given another role, staff flag or e-mail). So while the announcements are listened
 * to without a break, a token issued after the listening began, whose person has had no change
 * announced since, still says what the database would answer, and needs no lookup.
 *
 * Each side of both comparisons keeps SIGN_IN_NEWS_CLOCK_MARGIN_MS to spare: the issuing
 * instance's clock (iat, in whole seconds) against this one's, and the moment the issuer read the
 * database against the moment it signed. News older than any live token is dropped, so what is
 * kept is the people changed within the last 15 minutes or so.
 */
export function createSignInNews(options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  /** When the current unbroken listening began (this clock); null while not listening. */
  let listeningSince: number | null = null;
  /** When the last change of each person was heard (this clock), oldest first. */
  const heardAt = new Map<number, number>();

  const dropOld = (at: number) => {
    for (const [personId, heard] of heardAt) {
      if (heard > at - NEWS_KEPT_MS) return;
      heardAt.delete(personId);
    }
  };

  return {
    /** The announcements are heard from now on (true), or no longer (false: news may be missed). */
    setListening(on: boolean): void {
      heardAt.clear();
      listeningSince = on ? now() : null;
    },
    /** Something about this person or one of their sessions changed. */
    changed(personId: number): void {
      const at = now();
      heardAt.delete(personId);
      heardAt.set(personId, at);
      dropOld(at);
    },
    /**
     * True when the token's claims are known to be still true: issued after the listening began and
     * after the last change of its person, each by more than the clock margin.
     */
    vouchesFor(token: IssuedToken): boolean {
      if (listeningSince === null) return false;
      const issuedAt = token.issuedAt.getTime();
      if (issuedAt - SIGN_IN_NEWS_CLOCK_MARGIN_MS < listeningSince) return false;
      const heard = heardAt.get(token.id);
      return heard === undefined || heard < issuedAt - SIGN_IN_NEWS_CLOCK_MARGIN_MS;
    },
    /** How many people's changes are kept (tests). */
    get size(): number {
      return heardAt.size;
    },
  };
}
