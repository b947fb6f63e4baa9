import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Input } from '@/components/ui';
import { paths, userSearchHref } from '@/config/paths';
import { useStoredUser } from '@/lib/use-session';

/** Search for connections: visitors are asked to sign in; members land on their search. */
export function LandingSearch() {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const user = useStoredUser();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) {
      void navigate(paths.login);
      return;
    }
    const text = query.trim();
    if (text) void navigate(userSearchHref(text));
  };

  return (
    <form role="search" onSubmit={handleSubmit} className="flex w-full max-w-xl flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor="landing-search" className="sr-only">
          Search for connections
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-fg-subtle" />
        <Input
          id="landing-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search alumni by name, skill or company"
          className="h-12 pl-10"
        />
      </div>
      <Button type="submit" size="lg">
        Search
      </Button>
    </form>
  );
}
