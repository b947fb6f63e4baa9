import type { ReactNode } from 'react';

/** A section of a page named by its own h2 (`id` is the heading's). */
export function TitledSection({
  id,
  title,
  className = 'space-y-4',
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}
