import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, SearchField } from '@/components/ui';
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
      <SearchField
        id="landing-search"
        label="Search for connections"
        value={query}
        onValueChange={setQuery}
        placeholder="Search alumni by name, skill or company"
        className="flex-1"
        inputClassName="h-12"
      />
      <Button type="submit" size="lg">
        Search
      </Button>
    </form>
  );
}
