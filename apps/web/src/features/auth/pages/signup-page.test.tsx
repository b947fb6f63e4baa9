import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@alumlink/contract';
import { buildUser } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { server } from '@/testing/server';
import { SignupPage } from './signup-page';

type Form = Partial<Record<'first' | 'last' | 'email' | 'code' | 'phone' | 'password' | 'confirm', string>> & { terms?: boolean };

const COMPLETE: Form = {
  first: 'Ada',
  last: 'Lovelace',
  email: 'ada@example.com',
  password: 'analytical1',
  confirm: 'analytical1',
  terms: true,
};

/** The sign-up policy the page reads (open unless a test says otherwise). */
function answerPolicy(policy: { mode: string; domains: string[] }) {
  server.use(http.get('/api/sign-up-policy/', () => HttpResponse.json(policy)));
}

beforeEach(() => answerPolicy({ mode: 'open', domains: [] }));

describe('SignupPage: sign-up policy', () => {
  it('says when sign-up is by invitation only, or open to listed domains', async () => {
    answerPolicy({ mode: 'invite_only', domains: [] });
    const first = renderSignup();
    expect(await screen.findByText(/Sign-up is by invitation only/)).toBeInTheDocument();
    first.unmount();
    answerPolicy({ mode: 'domains', domains: ['school.edu', 'example.org'] });
    renderSignup();
    expect(await screen.findByText('Sign-up is open to e-mail addresses of @school.edu, @example.org.')).toBeInTheDocument();
  });
});

function renderSignup(options: { fakeTimers?: boolean } = {}) {
  return renderPage(<SignupPage />, {
    path: '/signup',
    stubs: ['/login'],
    userEventOptions: options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined,
  });
}

async function fillForm(user: ReturnType<typeof renderSignup>['user'], form: Form) {
  const fields: Array<[keyof Form, string]> = [
    ['first', 'First name'],
    ['last', 'Last name'],
    ['email', 'Email'],
    ['code', 'Country code'],
    ['phone', 'Phone number'],
    ['password', 'Password'],
    ['confirm', 'Confirm password'],
  ];
  for (const [key, label] of fields) {
    const value = form[key];
    if (typeof value === 'string' && value) await user.type(screen.getByLabelText(label, { selector: 'input' }), value);
  }
  if (form.terms) await user.click(screen.getByRole('checkbox'));
}

async function submit(user: ReturnType<typeof renderSignup>['user']) {
  await user.click(screen.getByRole('button', { name: 'Generate OTP' }));
}

function acceptRegistration(bodies: unknown[] = []) {
  server.use(
    http.post('/users/register/', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ detail: 'Verification code sent.', email: 'ada@example.com' }, { status: 201 });
    }),
  );
}

describe('SignupPage: validation', () => {
  it('shows the rules in the specification order, one at a time', async () => {
    const { user } = renderSignup();
    expect(screen.getByRole('heading', { name: 'Signup to your account today.' })).toBeInTheDocument();

    await fillForm(user, { first: 'Ada', email: 'ada@example.com', password: 'analytical1', confirm: 'different1', code: '+91' });
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.signupRequired);

    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordsDontMatch);

    await user.clear(screen.getByLabelText('Confirm password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'analytical1');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.phonePair);

    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.acceptTerms);
  });

  it("applies the contract's password rules", async () => {
    const { user } = renderSignup();
    await fillForm(user, { ...COMPLETE, password: '12345678', confirm: '12345678' });
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordNumeric);
  });
});

describe('SignupPage: server errors', () => {
  it('shows the first field error in the specification order', async () => {
    server.use(
      http.post('/users/register/', () =>
        HttpResponse.json(
          { non_field_errors: ['Something else.'], password: ['Too common.'], email: [AUTH_MESSAGES.emailTaken] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderSignup();
    await fillForm(user, COMPLETE);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailTaken);
  });

  it('falls back to the generic text, and shows the network text without a response', async () => {
    server.use(http.post('/users/register/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderSignup();
    await fillForm(user, COMPLETE);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.signupFailed);

    server.use(http.post('/users/register/', () => HttpResponse.error()));
    await submit(user);
    expect(await screen.findByText(AUTH_MESSAGES.signupNetwork)).toBeInTheDocument();
  });
});

describe('SignupPage: OTP step', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the registration, then shows 'OTP sent to your email!' and requires the code", async () => {
    const bodies: unknown[] = [];
    acceptRegistration(bodies);
    const { user } = renderSignup();
    await fillForm(user, { ...COMPLETE, code: '+91', phone: '9876543210' });
    await submit(user);

    expect(await screen.findByText(AUTH_MESSAGES.otpSent)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        country_code: '+91',
        phone_number: '9876543210',
        password: 'analytical1',
        password_confirm: 'analytical1',
        site_name: 'AlumLink',
      },
    ]);
    expect(screen.getByRole('button', { name: /Resend code in 60s/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpRequired)).toBeInTheDocument();
  });

  it("shows the server's OTP message, or 'Invalid OTP.', or the network text", async () => {
    acceptRegistration();
    const { user } = renderSignup();
    await fillForm(user, COMPLETE);
    await submit(user);
    await screen.findByText(AUTH_MESSAGES.otpSent);

    server.use(http.post('/users/verify-otp/', () => HttpResponse.json({ otp: ['The code is wrong or has expired.'] }, { status: 400 })));
    await user.type(screen.getByLabelText('Verification code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired.');

    server.use(http.post('/users/verify-otp/', () => new HttpResponse(null, { status: 400 })));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpInvalid)).toBeInTheDocument();

    server.use(http.post('/users/verify-otp/', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpNetwork)).toBeInTheDocument();
  });

  it('stores the tokens and goes to /login 2 seconds after a correct code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    acceptRegistration();
    const verifyBodies: unknown[] = [];
    server.use(
      http.post('/users/verify-otp/', async ({ request }) => {
        verifyBodies.push(await request.json());
        return HttpResponse.json({
          detail: 'Email verified.',
          user: buildUser(),
          tokens: { access: 'new-access', refresh: 'new-refresh' },
        });
      }),
    );
    const { user, router } = renderSignup({ fakeTimers: true });
    await fillForm(user, COMPLETE);
    await submit(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(await screen.findByText(/Email verified\./)).toBeInTheDocument();
    expect(verifyBodies).toEqual([{ email: 'ada@example.com', otp: '123456' }]);
    expect(window.localStorage.getItem('access_token')).toBe('new-access');
    expect(window.localStorage.getItem('refresh_token')).toBe('new-refresh');

    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(router.state.location.pathname).toBe('/signup');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(await screen.findByText('Stub page /login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
