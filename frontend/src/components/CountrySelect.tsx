// A country picker for address fields, from GET location/countries (ISO 3166-1 alpha-2 codes).
import { staleTimes } from '@murmur/contracts/constants';
import type { ReactNode } from 'react';
import { useQuery } from '../state/query.ts';
import { FieldFrame, fieldStyles } from './Field.tsx';
import { api } from '../api/api.generated.ts';

interface CountrySelectProps {
  id: string;
  label: ReactNode;
  /** An alpha-2 code, or '' for none. */
  value: string;
  onChange(code: string): void;
  error?: string | null;
  hint?: ReactNode;
}

export function CountrySelect({ id, label, value, onChange, error, hint }: CountrySelectProps) {
  // The list changes only with a release: fetched once per page load.
  const { data } = useQuery(api.social.countries.path(), { dedupingInterval: staleTimes.userQueriesMs * 60 });
  const known = !value || (data?.items.some((c) => c.code === value) ?? true);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        name={id}
        className={`${fieldStyles.input} ${error ? fieldStyles.invalid : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        data-testid={id}
      >
        <option value="">Choose a country</option>
        {/* A profile saved before the list existed may hold free text: shown until changed. */}
        {!known ? <option value={value}>{value}</option> : null}
        {data?.items.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
