import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CONTACT } from '@/config/site';

const QUICK_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.communities, label: 'Communities' },
  { to: paths.events, label: 'Events' },
  { to: paths.about, label: 'About' },
  { to: paths.signup, label: 'Join AlumLink' },
] as const;

const linkClasses = 'rounded text-fg-muted hover:text-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring';

export function PublicFooter() {
  return (
    <footer className="mt-auto border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <section aria-labelledby="footer-portal">
          <h2 id="footer-portal" className="text-base font-semibold text-fg">
            Community Portal
          </h2>
          <p className="mt-3 max-w-xs text-sm leading-6 text-fg-muted">
            Where alumni, interns and trainees of our community meet, share opportunities and help each other grow.
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-base font-semibold text-fg">
            Quick links
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClasses}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-base font-semibold text-fg">
            Contact us
          </h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 text-fg-subtle" />
              <a href={`mailto:${CONTACT.email}`} className={linkClasses}>
                {CONTACT.email}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 text-fg-subtle" />
              <a href={`tel:${CONTACT.phone.replace(/\s/g, '')}`} className={linkClasses}>
                {CONTACT.phone}
              </a>
            </p>
            <p className="flex items-start gap-2 text-fg-muted">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-subtle" />
              {CONTACT.address}
            </p>
          </address>
        </section>
      </div>
      <div className="border-t border-border py-5 text-center text-xs text-fg-subtle">
        © {new Date().getFullYear()} AlumLink · Community Portal
      </div>
    </footer>
  );
}
