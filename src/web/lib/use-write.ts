import { useMutation, type MutateOptions, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * Every write of the app goes through here. It runs now or fails now: `networkMode: 'always'` stops
 * TanStack Query from pausing it while the browser says offline and replaying it later, perhaps after
 * the user cancelled (api-client gives writes a deadline). And it runs once: while one is in flight,
 * `mutate` refuses to start another, so a double click or a second tap sends nothing. The flag is a ref,
 * not `isPending`, because two clicks in one frame both see the old render.
 */
export function useWrite<TResult, TVariables>(
  options: UseMutationOptions<TResult, Error, TVariables> & {
    mutationFn: (variables: TVariables) => Promise<TResult>;
  },
) {
  const inFlight = useRef(false);
  const mutation = useMutation<TResult, Error, TVariables>({
    ...options,
    networkMode: 'always',
    retry: false,
    onSettled: (...args) => {
      inFlight.current = false;
      return options.onSettled?.(...args);
    },
  });
  const { mutate: start } = mutation;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TResult, Error, TVariables>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      start(variables, callbacks);
    },
    [start],
  );
  return { ...mutation, mutate };
}
