import { describe, expect, it } from 'vitest';
import { withoutTokens } from './log-redaction';

describe('withoutTokens', () => {
  it('replaces the value of every token parameter and nothing else', () => {
    expect(withoutTokens('/api/account/export/3/download/?token=abc-DEF_12')).toBe('/api/account/export/3/download/?token=[redacted]');
    expect(withoutTokens('/api/account/export/tickets/abc-DEF_12/')).toBe('/api/account/export/tickets/[redacted]/');
    expect(withoutTokens('/x/?a=1&token=s3cret&b=2')).toBe('/x/?a=1&token=[redacted]&b=2');
    expect(withoutTokens('/x/?TOKEN=s3cret#top')).toBe('/x/?TOKEN=[redacted]#top');
    expect(withoutTokens('/x/?tokens=1&mytoken=2')).toBe('/x/?tokens=1&mytoken=2');
    // Single sign-on's one-time code and the provider's authorization code.
    expect(withoutTokens('/login/sso?code=abc')).toBe('/login/sso?code=[redacted]');
    expect(withoutTokens('/api/auth/oidc/callback/?code=abc&state=s')).toBe('/api/auth/oidc/callback/?code=[redacted]&state=s');
  });

  it('replaces the token of an invitation link in the path', () => {
    expect(withoutTokens('/api/invitations/abc-DEF_12/accept/')).toBe('/api/invitations/[redacted]/accept/');
    expect(withoutTokens('/alumlink/api/invitations/abc?x=1')).toBe('/alumlink/api/invitations/[redacted]?x=1');
    expect(withoutTokens('/api/admin/invitations/3/resend/')).toBe('/api/admin/invitations/3/resend/');
  });
});
