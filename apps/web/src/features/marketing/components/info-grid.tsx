import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui';
import { CtaLink } from './cta-link';

export interface InfoItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Cards of a static page, each with the page's action button. */
export function InfoGrid({ items, action }: { items: readonly InfoItem[]; action: string }) {
  return (
    <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title}>
          <Card className="flex h-full flex-col p-6">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
              <item.icon aria-hidden="true" className="size-6" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-fg">{item.title}</h2>
            <p className="mt-2 flex-1 text-sm leading-6 text-fg-muted">{item.text}</p>
            <CtaLink variant="secondary" className="mt-5 self-start" label={`${action}: ${item.title}`}>
              {action}
            </CtaLink>
          </Card>
        </li>
      ))}
    </ul>
  );
}
