/** The specification's social sign-up icons. They are shown but do nothing (no provider yet). */
const PROVIDERS = [
  { name: 'Google', mark: 'G' },
  { name: 'LinkedIn', mark: 'in' },
  { name: 'GitHub', mark: 'GH' },
] as const;

export function SocialButtons() {
  return (
    <div>
      <div className="flex items-center gap-3 text-xs text-fg-subtle">
        <span className="h-px flex-1 bg-border" />
        or continue with
        <span className="h-px flex-1 bg-border" />
      </div>
      <ul className="mt-4 flex justify-center gap-3">
        {PROVIDERS.map((provider) => (
          <li key={provider.name}>
            <button
              type="button"
              aria-disabled="true"
              title={`${provider.name} sign-up is not available yet`}
              className="flex size-11 cursor-not-allowed items-center justify-center rounded-full border border-border bg-surface text-sm font-bold text-fg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span aria-hidden="true">{provider.mark}</span>
              <span className="sr-only">{provider.name} (not available yet)</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
