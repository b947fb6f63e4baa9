import type { ReactNode } from 'react';

/** Heading block at the top of a page: eyebrow, title (the page's h1) and a sentence. */
export function PageHeader({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="max-w-3xl">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-accent-fg uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
      {description ? <p className="mt-3 text-base leading-7 text-fg-muted sm:text-lg">{description}</p> : null}
      {children}
    </div>
  );
}
