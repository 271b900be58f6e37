import { useQuery } from '@tanstack/react-query';
import { aboutSchema, type About } from '@console/contracts';
import { api } from '@/lib/api-client';

/** GET /about (public): server version and the support address behind 'Contact Us'. */
export function getAbout(signal?: AbortSignal): Promise<About> {
  return api.get('/about', { auth: 'none', schema: aboutSchema, signal });
}

export function useAbout() {
  return useQuery({
    queryKey: ['about'],
    queryFn: ({ signal }) => getAbout(signal),
    staleTime: Infinity,
    retry: false,
  });
}
