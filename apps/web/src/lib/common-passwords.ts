import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The passwords the server refuses as too common (lower case), fetched once the user starts
 * choosing a password (`isWanted`), never before: the login screen does not pay for the list.
 * Until it arrives the forms check length and characters only; the server checks again anyway.
 */
export function useCommonPasswords(isWanted: boolean): ReadonlySet<string> | undefined {
  // Once wanted, kept wanted: the list does not disappear when the field is cleared.
  const [wasWanted, setWasWanted] = useState(isWanted);
  if (isWanted && !wasWanted) setWasWanted(true);
  return useQuery({
    queryKey: ['public', 'common-passwords'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/public/common-passwords', { signal });
      if (!response.ok) throw new Error(`common passwords: ${response.status}`);
      return new Set((await response.text()).split('\n').filter(Boolean)) as ReadonlySet<string>;
    },
    enabled: wasWanted,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  }).data;
}
