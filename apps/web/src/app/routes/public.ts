import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** Public pages, rendered inside the public layout. Each page is its own chunk. */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('@/features/landing/pages/landing-page').then((m) => ({ Component: m.LandingPage })) },
  {
    path: paths.communities,
    lazy: () => import('@/features/communities/pages/communities-page').then((m) => ({ Component: m.CommunitiesPage })),
  },
  { path: paths.events, lazy: () => import('@/features/events/pages/events-page').then((m) => ({ Component: m.EventsPage })) },
  { path: paths.about, lazy: () => import('@/features/marketing/pages/about-page').then((m) => ({ Component: m.AboutPage })) },
  {
    path: paths.verifiedProfessionals,
    lazy: () => import('@/features/marketing/pages/verified-professionals-page').then((m) => ({ Component: m.VerifiedProfessionalsPage })),
  },
  {
    path: paths.careerGrowth,
    lazy: () => import('@/features/marketing/pages/career-growth-page').then((m) => ({ Component: m.CareerGrowthPage })),
  },
  {
    path: paths.industryCommunities,
    lazy: () => import('@/features/marketing/pages/industry-communities-page').then((m) => ({ Component: m.IndustryCommunitiesPage })),
  },
  { path: paths.login, lazy: () => import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: paths.loginSso, lazy: () => import('@/features/auth/pages/sso-page').then((m) => ({ Component: m.SsoPage })) },
  { path: paths.signup, lazy: () => import('@/features/auth/pages/signup-page').then((m) => ({ Component: m.SignupPage })) },
  {
    path: paths.forgotPassword,
    lazy: () => import('@/features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: paths.resetPassword,
    lazy: () => import('@/features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  { path: paths.join, lazy: () => import('@/features/auth/pages/join-page').then((m) => ({ Component: m.JoinPage })) },
  {
    path: paths.unsubscribe,
    lazy: () => import('@/features/notifications/pages/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
  },
  { path: '*', lazy: () => import('@/features/marketing/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
];
