import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Field, Select } from '@/components/ui';
import { paths } from '@/config/paths';

/** The specification's topics, in its order. */
export const TOPICS = ['Web Development', 'UI/UX Design', 'Marketing', 'Business Communication'] as const;

export function TopicPicker() {
  const [topic, setTopic] = useState('');
  return (
    <Card className="flex h-full flex-col p-6">
      <h3 className="text-lg font-semibold text-fg">Learn something new</h3>
      <p className="mt-2 text-sm leading-6 text-fg-muted">Pick a topic and we will point you to the people and communities around it.</p>
      <Field label="Choose a topic" className="mt-5">
        <Select value={topic} onChange={(event) => setTopic(event.target.value)}>
          <option value="">Select a topic</option>
          {TOPICS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <p aria-live="polite" className="mt-4 min-h-6 text-sm">
        {topic ? (
          <Link
            to={paths.communities}
            className="inline-flex items-center gap-1 rounded font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            Explore {topic} communities <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </p>
    </Card>
  );
}
